package dev.steward.model;

/**
 * What text Steward can store. PostgreSQL refuses U+0000 in text and JSON, and a lone UTF-16
 * surrogate has no UTF-8 form: the driver would store a {@code ?} in its place.
 */
public final class StorableText {

    private StorableText() {}

    /** Why {@code text} cannot be stored, or {@code null} when it can. */
    public static String problem(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\u0000') {
                return "contains U+0000, which cannot be stored";
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return "contains a lone UTF-16 surrogate, which is not a character";
            }
        }
        return null;
    }
}
