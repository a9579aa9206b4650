package dev.steward.app.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.app.http.problem.ProblemType;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Every problem's type is the absolute URI of a page the service serves to anyone: the page of every problem
 * type opens, by the absolute {@code type} of real answers too. Bodies over 256 KiB are 413.
 */
@MicronautTest
class ProblemPagesIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    EmbeddedServer server;

    @Test
    void eachProblemTypeIsAPageAnyoneCanOpen() throws Exception {
        RawHttp http = new RawHttp(server.getURL());
        assertResolves(http.get("/api/v1/sessions/" + UUID.randomUUID()), 404, ProblemType.NOT_FOUND);
        assertResolves(http.get("/api/v1/no-such-route"), 404, ProblemType.NOT_FOUND);
        assertResolves(http.send(null, "GET", "/api/v1/sessions", null, null), 401, ProblemType.UNAUTHORIZED);
        assertResolves(http.json("POST", "/api/v1/sessions", "{\"owner\": 5}"), 400, ProblemType.UNREADABLE_REQUEST);
        assertResolves(http.send("PUT", "/api/v1/sessions", "text/plain", "x".getBytes(StandardCharsets.UTF_8)), 405,
                ProblemType.METHOD_NOT_ALLOWED);

        RawAnswer index = http.send(null, "GET", "/problems", null, null);
        assertEquals(200, index.status(), index::toString);
        for (ProblemType type : ProblemType.values()) {
            assertTrue(index.body().contains("href=\"" + type.path() + "\""), type + " is listed");
            RawAnswer page = http.send(null, "GET", type.path(), null, null);
            assertEquals(200, page.status(), page::toString);
            assertTrue(page.contentType().startsWith("text/html"), page::toString);
            assertTrue(page.body().contains("How to fix it"), page::toString);
        }
        assertEquals(404, http.send(null, "GET", "/problems/no-such-problem", null, null).status());
    }

    @Test
    void aBodyOverTheLimitIsTooLarge() throws Exception {
        RawHttp http = new RawHttp(server.getURL());
        String owner = "x".repeat(256 * 1024);
        RawAnswer answer = http.json("POST", "/api/v1/sessions", "{\"owner\": \"" + owner + "\", \"parts\": []}");
        assertResolves(answer, 413, ProblemType.BODY_TOO_LARGE);
    }

    /** The answer is the problem of this type, whose absolute type URI opens its page without a token. */
    private void assertResolves(RawAnswer answer, int status, ProblemType expected) throws Exception {
        assertEquals(status, answer.status(), answer::toString);
        assertTrue(answer.isProblem(), answer::toString);
        JsonNode problem = JSON.readTree(answer.body());
        URI type = URI.create(problem.get("type").asText());
        assertTrue(type.isAbsolute(), answer::toString);
        assertEquals(expected.path(), type.getPath(), answer::toString);
        assertEquals(expected.title(), problem.get("title").asText());
        URL base = new URL(type.getScheme(), type.getHost(), type.getPort(), "");
        RawAnswer page = new RawHttp(base).send(null, "GET", type.getPath(), null, null);
        assertEquals(200, page.status(), page::toString);
        assertTrue(page.body().contains(expected.title()), page::toString);
    }
}
