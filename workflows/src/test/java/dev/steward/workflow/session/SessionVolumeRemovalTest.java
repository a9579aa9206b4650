package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.model.DesiredStatus;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.PartStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.HistoryEvents;
import dev.steward.workflow.support.LifecycleScenarios;
import dev.steward.workflow.support.StartedSession;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.client.WorkflowStub;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A deleted session's volumes go as the last step of its teardown, and a host that keeps them holds its end up
 * only so long: with a host that cannot remove them, the session still ends within the minute and the other
 * host's volumes are removed; a session without volumes removes none.
 */
class SessionVolumeRemovalTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions().onHosts("a", "b");

    private final UUID sessionId = UUID.randomUUID();

    @Test
    void aHostThatCannotRemoveTheVolumesDelaysTheEndByTheBudgetAtMost() {
        StartedSession started = sandbox.startSession(sessionId, LifecycleScenarios.withVolumes(),
                LifecycleSettings.DEFAULTS);
        SessionView running = started.await("RUNNING on both hosts", v -> v.status() == SessionStatus.RUNNING
                && v.parts().stream().flatMap(p -> p.pods().stream()).map(PodView::host).distinct().count() == 2);
        // web/app mounts kept as well; spread puts db/primary, with data alone, on the other host.
        String withKept = running.parts().getFirst().pods().getFirst().host();
        String failing = withKept.equals("a") ? "b" : "a";
        sandbox.engine(failing).keepVolumesInUse();

        started.session().setDesiredStatus(DesiredStatus.DELETED);
        started.await("every part DELETED", v -> v.parts().stream().allMatch(p -> p.status() == PartStatus.DELETED));
        Instant partsGone = sandbox.now();

        assertEquals(SessionStatus.DELETED, started.result());
        // The test clock skips on to later timers (years away) while the result is fetched: the session ended
        // when its run closed.
        Duration took = Duration.between(partsGone, HistoryEvents.closeTime(started.runs().getLast()));
        assertTrue(took.compareTo(VolumeRemoval.BUDGET.plusSeconds(10)) < 0, "the end waited " + took);
        assertEquals(Set.of(sessionId + "/kept"), sandbox.engine(withKept).volumes());
        assertEquals(Set.of(sessionId + "/data"), sandbox.engine(failing).volumes(), "left to its resync");
        assertEquals(1, sandbox.engine(withKept).volumeRemovals());
        assertTrue(sandbox.engine(failing).volumeRemovals() >= 3,
                "tried again: " + sandbox.engine(failing).volumeRemovals());
    }

    @Test
    void aSessionWithoutVolumesRemovesNone() {
        StartedSession started = sandbox.startSession(sessionId, TestSessions.twoPartsOfTwoPods(),
                LifecycleSettings.DEFAULTS);
        started.await("RUNNING", v -> v.status() == SessionStatus.RUNNING);
        started.session().setDesiredStatus(DesiredStatus.DELETED);
        assertEquals(SessionStatus.DELETED, WorkflowStub.fromTyped(started.session()).getResult(SessionStatus.class));
        assertEquals(0, sandbox.engine("a").volumeRemovals() + sandbox.engine("b").volumeRemovals());
    }
}
