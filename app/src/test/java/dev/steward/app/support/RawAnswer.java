package dev.steward.app.support;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * An HTTP answer as it came.
 *
 * @param status the status code
 * @param contentType the Content-Type header, or empty
 * @param retryAfter the Retry-After header, or null
 * @param body the body as text
 * @param took from sending the request to the whole answer
 * @param headers every header of the answer
 */
public record RawAnswer(int status, String contentType, String retryAfter, String body, Duration took,
        Map<String, List<String>> headers) {

    /** The first value of the named header (any case), or null. */
    public String header(String name) {
        return headers.entrySet().stream().filter(header -> header.getKey().equalsIgnoreCase(name))
                .map(header -> header.getValue().getFirst()).findFirst().orElse(null);
    }

    public boolean isProblem() {
        return contentType.startsWith("application/problem+json");
    }

    @Override
    public String toString() {
        return status + " " + contentType + " in " + took.toMillis() + " ms: "
                + (body.length() > 300 ? body.substring(0, 300) + "..." : body);
    }
}
