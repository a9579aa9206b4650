package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.steward.app.api.TransitionView;
import dev.steward.app.support.Convergence;
import dev.steward.app.support.FlakyRecordingActivities;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.contract.RecordingActivities;
import dev.steward.model.ResourceKind;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.LongStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Recording activities that Temporal retries after their write committed still record every change once: one
 * transition and one outbox row each, and a session's events numbered without a gap.
 */
@MicronautTest
@Property(name = "steward.test.flaky-recording", value = "true")
class RecordingRetryIT extends SessionApiBase {

    @Inject
    RecordingActivities recording;

    @Inject
    DataSource dataSource;

    @Test
    void retriedRecordingsWriteEachTransitionOnce() throws Exception {
        FlakyRecordingActivities flaky = (FlakyRecordingActivities) recording;
        UUID id = api.create(Map.of("owner", "retry", "parts", List.of(Specs.part("web", "a")))).id();
        api.awaitStatus(id, SessionStatus.RUNNING);
        api.setDesiredStatus(id, "STOPPED");
        SessionView stopped = api.awaitStatus(id, SessionStatus.STOPPED);
        assertEquals(2, stopped.generation(), "the retried desired-status write landed once");

        assertFalse(flaky.failedAfterWrite.isEmpty(), "no recording was retried, so this test proved nothing");
        try (var connection = dataSource.getConnection();
                var count = connection.prepareStatement("""
                        SELECT (SELECT count(*) FROM state_transitions WHERE id = ?),
                               (SELECT count(*) FROM outbox_events WHERE id = ?)""")) {
            for (UUID transitionId : flaky.failedAfterWrite) {
                count.setObject(1, transitionId);
                count.setObject(2, transitionId);
                try (var rows = count.executeQuery()) {
                    rows.next();
                    assertEquals(1, rows.getInt(1), "transition " + transitionId);
                    assertEquals(1, rows.getInt(2), "outgoing event of transition " + transitionId);
                }
            }
        }
        List<TransitionView> transitions = api.transitions(id);
        assertEquals(LongStream.rangeClosed(1, transitions.size()).boxed().toList(), outboxSequences(id),
                "one outgoing event per transition, numbered 1, 2, ... without a gap or a repeat");
        assertEquals(List.of("PENDING>PROVISIONING", "PROVISIONING>RUNNING", "RUNNING>STOPPING", "STOPPING>STOPPED"),
                transitions.stream().filter(t -> t.kind() == ResourceKind.SESSION).map(t -> t.from() + ">" + t.to()).toList());
        Convergence.assertNoDuplicates(transitions);
    }

    private List<Long> outboxSequences(UUID sessionId) throws Exception {
        try (var connection = dataSource.getConnection();
                var select = connection.prepareStatement(
                        "SELECT sequence FROM outbox_events WHERE session_id = ? ORDER BY sequence")) {
            select.setObject(1, sessionId);
            List<Long> sequences = new ArrayList<>();
            try (var rows = select.executeQuery()) {
                while (rows.next()) {
                    sequences.add(rows.getLong(1));
                }
            }
            return sequences;
        }
    }
}
