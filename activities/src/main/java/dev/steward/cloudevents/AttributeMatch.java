package dev.steward.cloudevents;

/** How an attribute filter compares an event's attribute value with the filter's value. */
public enum AttributeMatch {
    EXACT("exact"),
    PREFIX("prefix"),
    SUFFIX("suffix");

    private final String dialect;

    AttributeMatch(String dialect) {
        this.dialect = dialect;
    }

    /** The dialect's name in the Subscriptions API JSON shape. */
    public String dialect() {
        return dialect;
    }

    boolean test(String actual, String expected) {
        return switch (this) {
            case EXACT -> actual.equals(expected);
            case PREFIX -> actual.startsWith(expected);
            case SUFFIX -> actual.endsWith(expected);
        };
    }
}
