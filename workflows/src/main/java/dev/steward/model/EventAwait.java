package dev.steward.model;

/**
 * A CloudEvent a part waits for: of this {@code type}, and of this {@code source} when one is given,
 * addressed to the part's session ({@code subject: sessions/{id}}).
 */
public record EventAwait(String type, String source) {

    /** Whether an event of that type and source is the one awaited. */
    public boolean matches(String eventType, String eventSource) {
        return type.equals(eventType) && (source == null || source.equals(eventSource));
    }

    /** The awaited event in words. */
    public String describe() {
        return type + (source == null ? "" : " from " + source);
    }
}
