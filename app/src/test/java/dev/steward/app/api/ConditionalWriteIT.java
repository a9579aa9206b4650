package dev.steward.app.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.http.problem.ProblemType;
import dev.steward.app.support.Refusals;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A session's ETag is its generation: a spec change and a timeslot change sent with a stale If-Match are 412s and
 * leave the generation, the spec and the timeslot as they were; sent with the current one, they apply.
 */
@MicronautTest
class ConditionalWriteIT extends SessionApiBase {

    @Test
    void aStaleIfMatchIsRefusedAndTheCurrentOneApplies() {
        BlockingHttpClient http = client.toBlocking();
        String owner = "etag-" + UUID.randomUUID();
        UUID id = api.create(Map.of("owner", owner, "desiredStatus", "STOPPED",
                "parts", List.of(Specs.part("web", "a")))).id();
        HttpResponse<SessionView> read = http.exchange(HttpRequest.GET("/api/v1/sessions/" + id), SessionView.class);
        SessionView session = read.body();
        assertEquals("\"" + session.generation() + "\"", read.header(HttpHeaders.ETAG));
        assertEquals(owner, session.spec().owner(), "the current spec is shown");
        assertNotNull(session.createdAt());
        assertFalse(session.updatedAt().isBefore(session.createdAt()));

        String stale = "\"" + (session.generation() + 7) + "\"";
        Map<String, Object> newSpec = Map.of("owner", owner, "desiredStatus", "STOPPED", "parts",
                List.of(Map.of("name", "web", "pods", List.of(Map.of("name", "a", "image", Specs.BUSYBOX,
                        "command", List.of("sleep", "7200"))))));
        Problem refused = Refusals.refused(http,
                HttpRequest.PUT("/api/v1/sessions/" + id + "/spec", newSpec).header(HttpHeaders.IF_MATCH, stale),
                HttpStatus.PRECONDITION_FAILED);
        assertEquals(ProblemType.PRECONDITION_FAILED.path(), URI.create(refused.type()).getPath());
        Refusals.refused(http, HttpRequest.PUT("/api/v1/sessions/" + id + "/timeslot",
                Map.of("endAt", "2031-01-01T00:00:00Z")).header(HttpHeaders.IF_MATCH, stale), HttpStatus.PRECONDITION_FAILED);
        SessionView unchanged = api.get(id);
        assertEquals(session.generation(), unchanged.generation(), "nothing changed");
        assertEquals(session.spec(), unchanged.spec());
        assertEquals(session.timeslot(), unchanged.timeslot());

        HttpResponse<?> applied = http.exchange(HttpRequest.PUT("/api/v1/sessions/" + id + "/spec", newSpec)
                .header(HttpHeaders.IF_MATCH, read.header(HttpHeaders.ETAG)));
        assertEquals(HttpStatus.ACCEPTED, applied.getStatus());
        SessionView changed = Eventually.await("the new spec recorded", SessionApi.DEADLINE, () -> api.get(id),
                view -> view.generation() > session.generation());
        assertEquals(List.of("sleep", "7200"), changed.spec().parts().getFirst().pods().getFirst().command());
        assertFalse(changed.updatedAt().isBefore(session.updatedAt()));

        api.delete(id);
        api.awaitStatus(id, SessionStatus.DELETED);
    }
}
