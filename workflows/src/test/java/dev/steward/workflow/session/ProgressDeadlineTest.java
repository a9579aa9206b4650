package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.TransitionRecord;
import dev.steward.model.FailurePolicy;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodStatus;
import dev.steward.model.Reason;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.StartedSession;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import dev.steward.workflow.part.PartWorkflow;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A part that makes no progress fails after its progress deadline, and its session applies its onFailure; time skipped. */
class ProgressDeadlineTest {

    private static final int DEADLINE_SECONDS = 600;

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    @Test
    void anUnschedulablePodFailsItsAbortingPartAfterTheDeadlineAndTheSessionIsTornDown() {
        sandbox.placement().setSlots(WorkflowSandbox.LOCAL, 1); // one of db's two pods waits for room forever
        Instant started = sandbox.now();
        StartedSession s = sandbox.startSession(TestSessions.session(Timeslot.NONE,
                db(FailurePolicy.ABORT, DEADLINE_SECONDS)), LifecycleSettings.DEFAULTS);

        assertEquals(SessionStatus.FAILED, s.result());

        TransitionRecord failed = failedPart(s.id());
        assertEquals(Reason.PROGRESS_DEADLINE_EXCEEDED.code(), failed.reason());
        assertTrue(!failed.occurredAt().isBefore(started.plusSeconds(DEADLINE_SECONDS)), "failed at "
                + failed.occurredAt() + ", started " + started);
        assertTrue(failed.message().contains("no pod changed status for PT10M"), failed.message());
        TransitionRecord last = sandbox.recording().sessionTransitions(s.id()).getLast();
        assertEquals(Reason.PART_FAILED.code(), last.reason());
        assertTrue(last.message().contains("part db failed: pod") && last.message().contains("Unschedulable")
                && last.message().contains("onFailure abort"), last.message());
        assertEquals(List.of(), sandbox.engine().containersOf(s.id()));
    }

    @Test
    void aContinuingPartPastItsDeadlineDegradesTheSessionUntilItProgressesAgain() {
        sandbox.placement().setSlots(WorkflowSandbox.LOCAL, 1);
        StartedSession s = sandbox.startSession(TestSessions.session(Timeslot.NONE,
                db(FailurePolicy.CONTINUE, DEADLINE_SECONDS)), LifecycleSettings.DEFAULTS);
        s.await("replica waits for room", v -> v.parts().getFirst().pods().stream()
                .anyMatch(p -> Reason.UNSCHEDULABLE.is(p.reason())));
        sandbox.env().sleep(Duration.ofSeconds(DEADLINE_SECONDS));

        SessionView degraded = s.awaitStatus(SessionStatus.DEGRADED);
        PartView db = degraded.parts().getFirst();
        assertEquals(PartStatus.FAILED, db.status());
        assertEquals(Reason.PROGRESS_DEADLINE_EXCEEDED.code(), db.reason());

        // Room appears: the waiting pod is placed at its next retry, which is progress.
        sandbox.placement().setSlots(WorkflowSandbox.LOCAL, 2);
        sandbox.env().sleep(Duration.ofSeconds(31));
        SessionView running = s.awaitStatus(SessionStatus.RUNNING);
        assertEquals(PartStatus.READY, running.parts().getFirst().status());
    }

    @Test
    void aPartWhosePodsKeepChangingStatusIsNotFailedThoughItIsNotReadyByTheDeadline() {
        sandbox.placement().setSlots(WorkflowSandbox.LOCAL, 0);
        UUID sessionId = UUID.randomUUID();
        PartSpec three = TestSessions.part("web", "a", "b", "c");
        PartWorkflow part = sandbox.startPart(sessionId, withDeadline(three, FailurePolicy.ABORT, 60),
                ReconcileSettings.DEFAULTS);
        Eventually.await("every pod waits for room", part::view,
                v -> v.pods().stream().allMatch(p -> Reason.UNSCHEDULABLE.is(p.reason())));

        // A pod becomes READY every 40 s: the part is not READY for 120 s, twice its deadline, yet progresses.
        for (int slots = 1; slots <= 3; slots++) {
            sandbox.env().sleep(Duration.ofSeconds(40));
            sandbox.placement().setSlots(WorkflowSandbox.LOCAL, slots);
            part.reconcileNow();
            int ready = slots;
            Eventually.await(ready + " pods READY", part::view,
                    v -> v.pods().stream().filter(p -> p.status() == PodStatus.READY).count() == ready);
        }

        assertEquals(PartStatus.READY, part.view().status());
        assertTrue(sandbox.recording().partTransitions(sessionId, "web").stream()
                .noneMatch(t -> PartStatus.FAILED.name().equals(t.to())), "never failed");
    }

    @Test
    void aPartReadyBeforeItsDeadlineNeverExceedsItAndCountsItsPasses() {
        UUID sessionId = UUID.randomUUID();
        PartWorkflow part = sandbox.startPart(sessionId, TestSessions.part("web", "app"), ReconcileSettings.DEFAULTS);
        PartView ready = Eventually.await("part READY", part::view, v -> v.status() == PartStatus.READY);
        assertTrue(ready.passes() >= 1, "passes: " + ready.passes());

        sandbox.env().sleep(ReconcileSettings.DEFAULTS.progressDeadline().multipliedBy(2));
        part.reconcileNow();
        PartView later = Eventually.await("one more pass", part::view, v -> v.passes() > ready.passes());

        assertEquals(PartStatus.READY, later.status());
        assertTrue(sandbox.recording().partTransitions(sessionId, "web").stream()
                .noneMatch(t -> Reason.PROGRESS_DEADLINE_EXCEEDED.is(t.reason())), "never past its deadline");
    }

    /** Part db, pods primary and replica, with its failure policy and progress deadline. */
    private static PartSpec db(FailurePolicy onFailure, int deadlineSeconds) {
        return withDeadline(TestSessions.part("db", "primary", "replica"), onFailure, deadlineSeconds);
    }

    private static PartSpec withDeadline(PartSpec part, FailurePolicy onFailure, int deadlineSeconds) {
        return new PartSpec(part.name(), part.pods(), null, null, onFailure, null, null, null, deadlineSeconds);
    }

    private TransitionRecord failedPart(UUID sessionId) {
        return sandbox.recording().partTransitions(sessionId, "db").stream()
                .filter(t -> PartStatus.FAILED.name().equals(t.to()))
                .findFirst().orElseThrow();
    }
}
