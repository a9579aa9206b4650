package dev.steward.app.support;

import java.nio.charset.StandardCharsets;

/**
 * One request Steward must refuse, and what is wrong with it.
 *
 * @param category the kind of fault, for the statistics
 * @param fault what is wrong, in words
 * @param method the HTTP method
 * @param path the path and query, percent-encoded
 * @param contentType the Content-Type, or null for none
 * @param body the body's bytes, or null for none
 */
public record BadRequest(String category, String fault, String method, String path, String contentType, byte[] body) {

    @Override
    public String toString() {
        String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
        return fault + ": " + method + " " + shorten(path) + " [" + contentType + "] " + shorten(text);
    }

    private static String shorten(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "... (" + text.length() + " chars)" : text;
    }
}
