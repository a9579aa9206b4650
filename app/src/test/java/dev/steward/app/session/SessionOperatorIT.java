package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.support.Refusals;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.Condition;
import dev.steward.model.PartStatus;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.workflow.session.OperatorActionResult;
import dev.steward.workflow.session.TimeslotChange;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Operator actions over REST against the real engine: timeslot, retry, reconcile, and their refusals. */
@MicronautTest
class SessionOperatorIT extends SessionApiBase {

    @Test
    void aContinuingPartDegradesTheSessionAndOperatorsActOnIt() {
        BlockingHttpClient http = client.toBlocking();
        // Never pulled: the engine itself refuses the image it does not have.
        Map<String, Object> missingImage = Map.of("name", "primary", "image", "localhost/missing:latest",
                "imagePullPolicy", "NEVER");
        SessionView created = api.create(Map.of("owner", "operator", "parts", List.of(
                Specs.part("web", "server"),
                Map.of("name", "db", "onFailure", "CONTINUE", "pods", List.of(missingImage)))));
        UUID id = created.id();
        String base = "/api/v1/sessions/" + id;

        SessionView withConditions = awaitDegradedWithWebReady(id);
        assertEquals(SessionStatus.DEGRADED, withConditions.status());
        assertEquals(PartStatus.FAILED, withConditions.parts().get(1).status());
        assertEquals("True", condition(withConditions, Condition.DEGRADED).status());
        assertEquals("False", condition(withConditions, Condition.READY).status());

        Problem notFailed = Refusals.refused(http, HttpRequest.POST(base + "/parts/web/retry", ""), HttpStatus.CONFLICT);
        assertEquals(409, notFailed.status());
        assertTrue(notFailed.detail().contains("part web is READY, not FAILED"), notFailed.detail());
        assertEquals(404, Refusals.refused(http, HttpRequest.POST(base + "/parts/nope/retry", ""), HttpStatus.NOT_FOUND)
                .status());
        HttpResponse<OperatorActionResult> retried =
                http.exchange(HttpRequest.POST(base + "/parts/db/retry", ""), OperatorActionResult.class);
        assertEquals(HttpStatus.ACCEPTED, retried.getStatus());
        assertEquals(new OperatorActionResult("retry-part", "db", 2), retried.body());
        HttpResponse<OperatorActionResult> reconciled =
                http.exchange(HttpRequest.POST(base + "/reconcile", ""), OperatorActionResult.class);
        assertEquals(HttpStatus.ACCEPTED, reconciled.getStatus());

        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Problem outOfOrder = Refusals.refused(http, HttpRequest.PUT(base + "/timeslot",
                Map.of("endAt", now.plusSeconds(3600).toString(), "cleanupDeadline", now.plusSeconds(60).toString())),
                HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(422, outOfOrder.status());
        assertEquals("cleanupDeadline", outOfOrder.errors().getFirst().field());
        Timeslot later = new Timeslot(null, null, now.plusSeconds(3600), now.plusSeconds(7200));
        HttpResponse<TimeslotChange> moved = http.exchange(HttpRequest.PUT(base + "/timeslot", later), TimeslotChange.class);
        assertEquals(HttpStatus.ACCEPTED, moved.getStatus());
        assertEquals(new TimeslotChange(later, 3), moved.body());
        assertEquals(later, api.get(id).timeslot());

        assertEquals(HttpStatus.ACCEPTED, api.delete(id));
        api.awaitStatus(id, SessionStatus.DELETED);
        Problem afterDeletion = Refusals.refused(http, HttpRequest.PUT(base + "/timeslot", later), HttpStatus.CONFLICT);
        assertEquals(409, afterDeletion.status());
        assertTrue(afterDeletion.detail().contains("has ended DELETED"), afterDeletion.detail());
        assertEquals(409, Refusals.refused(http, HttpRequest.POST(base + "/reconcile", ""), HttpStatus.CONFLICT).status());
    }

    /**
     * The conditions are recorded with the status that caused them; web may come up after db failed.
     * Converged (observedGeneration caught up): the session has heard web's report too, not only the part
     * recorded its own status, so an operator action is judged on both parts as they are.
     */
    private SessionView awaitDegradedWithWebReady(UUID id) {
        return Eventually.await("a Degraded condition, with web READY, converged", SessionApi.DEADLINE,
                () -> api.get(id),
                view -> !view.conditions().isEmpty() && "True".equals(condition(view, Condition.DEGRADED).status())
                        && view.parts().getFirst().status() == PartStatus.READY
                        && view.observedGeneration() == view.generation());
    }

    private static Condition condition(SessionView view, String type) {
        return view.conditions().stream().filter(c -> c.type().equals(type)).findFirst().orElseThrow();
    }
}
