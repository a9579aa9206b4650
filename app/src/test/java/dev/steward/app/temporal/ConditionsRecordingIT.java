package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.contract.RecordingActivities;
import dev.steward.contract.TransitionRecord;
import dev.steward.model.Condition;
import dev.steward.model.ResourceKind;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.store.TransitionRepository;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A session's conditions are written with the status change that changes them, so the change's id guards them:
 * a late retry of an older change puts no older conditions back.
 */
@MicronautTest(transactional = false)
class ConditionsRecordingIT extends SessionApiBase {

    @Inject
    RecordingActivities recording;

    @Inject
    TransitionRepository transitions;

    @Test
    void aLateRetryOfAnOlderStatusChangePutsNoOlderConditionsBack() {
        UUID id = api.create(Map.of("owner", "conditions", "parts", List.of(Specs.part("web", "a")))).id();
        try {
            checkConditionsGuarded(id);
        } finally {
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        }
    }

    private void checkConditionsGuarded(UUID id) {
        SessionView running = api.awaitStatus(id, SessionStatus.RUNNING);
        assertEquals(Condition.TRUE, ready(running).status(), "RUNNING came with its Ready condition");
        UUID runningChange = sessionChangeTo(id, SessionStatus.RUNNING);

        Condition stale = new Condition(Condition.READY, Condition.FALSE, "Stale", "an older change's conditions",
                Instant.EPOCH);
        recording.recordTransition(change(runningChange, id, List.of(stale)));
        assertEquals(ready(running), ready(api.get(id)), "a retried change whose id is recorded sets nothing");

        Condition newer = new Condition(Condition.READY, Condition.TRUE, "Checked", "a newer change's conditions",
                Instant.now());
        recording.recordTransition(change(UUID.randomUUID(), id, List.of(newer)));
        assertEquals(newer.reason(), ready(api.get(id)).reason(), "a new change sets the conditions it carries");
        recording.recordTransition(change(UUID.randomUUID(), id, null));
        assertEquals(newer.reason(), ready(api.get(id)).reason(), "a change carrying none keeps those recorded");
    }

    private static TransitionRecord change(UUID changeId, UUID sessionId, List<Condition> conditions) {
        return new TransitionRecord(changeId, sessionId, ResourceKind.SESSION, null, null, SessionStatus.RUNNING.name(),
                SessionStatus.RUNNING.name(), "Checked", "recorded by the test", 1, 1L, null, null, Instant.now(), null,
                null, null, null, conditions);
    }

    private UUID sessionChangeTo(UUID sessionId, SessionStatus status) {
        return transitions.findBySessionIdOldestFirst(sessionId).stream()
                .filter(t -> t.kind() == ResourceKind.SESSION && t.toStatus().equals(status.name()))
                .findFirst().orElseThrow().id();
    }

    private static Condition ready(SessionView view) {
        return view.conditions().stream().filter(c -> c.type().equals(Condition.READY)).findFirst().orElseThrow();
    }
}
