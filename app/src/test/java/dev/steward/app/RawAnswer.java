package dev.steward.app;

import java.time.Duration;

/**
 * An HTTP answer as it came.
 *
 * @param status the status code
 * @param contentType the Content-Type header, or empty
 * @param retryAfter the Retry-After header, or null
 * @param body the body as text
 * @param took from sending the request to the whole answer
 */
record RawAnswer(int status, String contentType, String retryAfter, String body, Duration took) {

    boolean isProblem() {
        return contentType.startsWith("application/problem+json");
    }

    @Override
    public String toString() {
        return status + " " + contentType + " in " + took.toMillis() + " ms: "
                + (body.length() > 300 ? body.substring(0, 300) + "..." : body);
    }
}
