package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.app.support.Refusals;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.SessionListing;
import dev.steward.app.support.Specs;
import dev.steward.model.FieldError;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * POST /sessions with an Idempotency-Key: 20 identical requests sent at once make one session, and every answer
 * names it; another body under the key is a 422.
 */
@MicronautTest
class IdempotencyIT extends SessionApiBase {

    private static final int REQUESTS = 20;

    @Test
    void twentyIdenticalPostsAtOnceMakeOneSession() throws Exception {
        String owner = "idem-" + UUID.randomUUID();
        String key = UUID.randomUUID().toString();
        Map<String, Object> spec = Map.of("owner", owner, "desiredStatus", "STOPPED", "parts", List.of(Specs.part("web", "a")));
        CountDownLatch start = new CountDownLatch(1);
        List<Future<HttpResponse<SessionView>>> answers = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(REQUESTS)) {
            for (int i = 0; i < REQUESTS; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return client.toBlocking().exchange(
                            HttpRequest.POST("/api/v1/sessions", spec).header("Idempotency-Key", key), SessionView.class);
                }));
            }
            start.countDown();
            Set<UUID> ids = answers.stream().map(IdempotencyIT::id).collect(Collectors.toSet());
            assertEquals(1, ids.size(), "one session for every answer: " + ids);
            SessionListing listed = client.toBlocking().retrieve(HttpRequest.GET("/api/v1/sessions?owner=" + owner),
                    SessionListing.class);
            assertEquals(1, listed.total(), "one session was made");
            UUID id = ids.iterator().next();

            Map<String, Object> other = Map.of("owner", owner, "desiredStatus", "STOPPED",
                    "parts", List.of(Specs.part("web", "a", "b")));
            var problem = Refusals.refused(client.toBlocking(),
                    HttpRequest.POST("/api/v1/sessions", other).header("Idempotency-Key", key),
                    HttpStatus.UNPROCESSABLE_ENTITY);
            assertEquals(List.of("Idempotency-Key"), problem.errors().stream().map(FieldError::field).toList());
            assertEquals(1, client.toBlocking().retrieve(HttpRequest.GET("/api/v1/sessions?owner=" + owner),
                    SessionListing.class).total(), "the other body made nothing");

            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        }
    }

    private static UUID id(Future<HttpResponse<SessionView>> answer) {
        try {
            HttpResponse<SessionView> response = answer.get();
            assertEquals(HttpStatus.CREATED, response.getStatus());
            return response.body().id();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
