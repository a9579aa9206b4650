package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.steward.app.http.problem.Problem;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.http.client.exceptions.HttpClientResponseException;

/** How the tests check that the service refused a request: with the status they expect, as problem+json. */
public final class Refusals {

    private Refusals() {}

    /** Sends the request, which must be refused with {@code expected} as problem+json; returns the problem. */
    public static Problem refused(BlockingHttpClient http, HttpRequest<?> request, HttpStatus expected) {
        HttpClientResponseException refused = assertThrows(HttpClientResponseException.class,
                () -> http.exchange(request));
        assertEquals(expected, refused.getStatus(),
                () -> request + ": " + refused.getResponse().getBody(String.class).orElse(""));
        assertEquals(Problem.CONTENT_TYPE,
                refused.getResponse().getContentType().map(MediaType::toString).orElse(""));
        return refused.getResponse().getBody(Problem.class).orElseThrow();
    }
}
