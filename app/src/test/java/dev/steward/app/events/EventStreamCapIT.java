package dev.steward.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.TestTokens;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Open event streams are capped, here at 2 per token and 3 in all: a token's third stream is a 429 problem
 * with {@code Retry-After}, another token's first still opens, the stream after that is refused by the cap in
 * all whichever token asks, and a stream whose client went away gives its place back.
 */
@MicronautTest
@Property(name = "steward.streams.max-per-token", value = "2")
@Property(name = "steward.streams.max-total", value = "3")
class EventStreamCapIT {

    private static final String STREAM = "/api/v1/events/stream";

    @Inject
    EmbeddedServer server;

    private final HttpClient http = HttpClient.newHttpClient();
    private final List<InputStream> open = new ArrayList<>();

    @Test
    void streamsAreCappedPerTokenAndInAll() throws IOException {
        RawHttp raw = new RawHttp(server.getURL());
        String name = "streams-" + UUID.randomUUID().toString().substring(0, 8);
        RawAnswer created = raw.json("POST", "/api/v1/tokens", "{\"name\": \"" + name + "\", \"role\": \"VIEWER\"}");
        assertEquals(201, created.status(), created.toString());
        String viewer = new ObjectMapper().readTree(created.body()).get("token").asText();
        try {
            HttpResponse<InputStream> first = stream(TestTokens.ADMIN);
            assertEquals(200, first.statusCode());
            assertEquals(200, stream(TestTokens.ADMIN).statusCode());
            HttpResponse<InputStream> third = stream(TestTokens.ADMIN);
            assertEquals(429, third.statusCode());
            String problem = new String(third.body().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(problem.contains("/problems/too-many-streams") && problem.contains("max-per-token"), problem);
            assertTrue(third.headers().firstValue("Retry-After").isPresent(), third.headers().toString());

            assertEquals(200, stream(viewer).statusCode(), "another token's first stream opens");
            HttpResponse<InputStream> beyondAll = stream(viewer);
            assertEquals(429, beyondAll.statusCode());
            String all = new String(beyondAll.body().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(all.contains("max-total"), all);

            first.body().close();
            HttpResponse<InputStream> again = Eventually.await("the closed stream's place given back", SessionApi.DEADLINE,
                    () -> stream(TestTokens.ADMIN), response -> response.statusCode() == 200);
            assertEquals(200, again.statusCode());
        } finally {
            for (InputStream stream : open) {
                stream.close();
            }
            raw.delete("/api/v1/tokens/" + name);
        }
    }

    /** Opens the stream of every change with {@code token}; its body stays open until the test ends. */
    private HttpResponse<InputStream> stream(String token) {
        try {
            HttpResponse<InputStream> response = http.send(HttpRequest.newBuilder(URI.create(server.getURL() + STREAM))
                    .header("Authorization", "Bearer " + token).header("Accept", "text/event-stream").build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            open.add(response.body());
            return response;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
