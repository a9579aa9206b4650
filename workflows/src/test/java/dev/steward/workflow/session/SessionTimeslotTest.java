package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.TransitionRecord;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.HistoryEvents;
import dev.steward.workflow.support.LifecycleScenarios;
import dev.steward.workflow.support.StartedSession;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.api.sdk.v1.WorkflowMetadata;
import io.temporal.client.WorkflowExecutionDescription;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.common.WorkflowExecutionHistory;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The timeslot as workflow timers, on a time-skipping test server. */
class SessionTimeslotTest {

    private static final LifecycleSettings LIFECYCLE =
            new LifecycleSettings(Duration.ofMinutes(2), Duration.ofSeconds(15), 2_000);

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    @Test
    void aTwoHourSlotRunsFromProvisionAtToItsCleanupDeadline() {
        UUID id = UUID.randomUUID();

        List<WorkflowExecutionHistory> runs = LifecycleScenarios.twoHourSlot(sandbox, id);

        List<TransitionRecord> steps = sandbox.recording().sessionTransitions(id);
        assertEquals(List.of("PENDING", "PROVISIONING", "RUNNING", "STOPPING", "STOPPED", "STOPPING", "DELETED"),
                steps.stream().map(TransitionRecord::to).toList());
        assertEquals("TimeslotEnded", steps.get(3).reason());
        assertEquals("CleanupDeadline", steps.getLast().reason());
        assertTrue(steps.getLast().message().contains("comes in PT2M"), steps.getLast().message());
        System.out.println("two-hour slot, 3 parts x 2 pods: session history events per run "
                + runs.stream().map(r -> r.getEvents().size()).toList() + "; part histories "
                + List.of("web", "api", "db").stream()
                        .map(p -> p + "=" + sandbox.client().fetchHistory(WorkflowIds.part(id, p)).getEvents().size()).toList());
        runs.forEach(run -> assertTrue(run.getEvents().size() <= 10_000, "run of " + run.getEvents().size()));
    }

    @Test
    void theSessionIsFindableAndSaysWhatItWaitsFor() {
        Instant t0 = sandbox.now();
        Timeslot slot = new Timeslot(null, null, t0.plus(Duration.ofHours(1)), t0.plus(Duration.ofHours(2)));
        StartedSession s = running(slot);

        WorkflowStub stub = WorkflowStub.fromTyped(s.session());
        WorkflowExecutionDescription description = Eventually.await("search attributes show RUNNING",
                stub::describe, d -> "RUNNING".equals(d.getTypedSearchAttributes().get(SessionSearchAttributes.STATUS)));
        assertEquals("RUNNING", description.getTypedSearchAttributes().get(SessionSearchAttributes.DESIRED_STATUS));
        assertEquals("alice", description.getMemo("owner", String.class));
        assertEquals(slot, description.getMemo("timeslot", Timeslot.class));
        WorkflowMetadata metadata = stub.query("__temporal_workflow_metadata", WorkflowMetadata.class);
        assertTrue(metadata.getCurrentDetails().contains("next: end at " + slot.endAt()), metadata.getCurrentDetails());
    }

    @Test
    void theDeadlineHoldsWhenTeardownHangs() {
        // The test server does not skip time while an activity is open, so the hang lasts seconds, not minutes.
        LifecycleSettings lifecycle = new LifecycleSettings(Duration.ofSeconds(6), Duration.ofSeconds(3), 2_000);
        Instant t0 = sandbox.now();
        Timeslot slot = new Timeslot(null, null, t0.plus(Duration.ofMinutes(20)),
                t0.plus(Duration.ofMinutes(20)).plus(Duration.ofSeconds(10)));
        StartedSession s = sandbox.startSession(LifecycleScenarios.threePartsOfTwoPods(slot), lifecycle);
        s.awaitStatus(SessionStatus.RUNNING);
        assertEquals(6, sandbox.engine().containersOf(s.id()).size());
        sandbox.engine().hangStops(); // graceful teardown never finishes

        assertEquals(SessionStatus.EXPIRED, s.result());

        assertEquals(List.of(), sandbox.engine().containersOf(s.id()));
        TransitionRecord last = sandbox.recording().sessionTransitions(s.id()).getLast();
        assertEquals("EXPIRED", last.to());
        // The last container went before the deadline; the session ends once the kill path has watched until it.
        assertTrue(sandbox.engine().lastRemovalScheduledAt().isBefore(slot.cleanupDeadline()), "removed at "
                + sandbox.engine().lastRemovalScheduledAt() + ", deadline " + slot.cleanupDeadline());
        assertTrue(Duration.between(slot.cleanupDeadline(), last.occurredAt()).compareTo(Duration.ofSeconds(1)) < 0,
                "EXPIRED at " + last.occurredAt() + ", deadline " + slot.cleanupDeadline());
        assertEquals("CleanupDeadlineForced", last.reason());
        assertTrue(last.message().contains("PT3S (kill margin)"), last.message());
    }

    @Test
    void aSlotShorterThanTheTeardownBudgetRunsUntilItsEnd() {
        Instant t0 = sandbox.now();
        Timeslot slot = new Timeslot(null, null, t0.plus(Duration.ofMinutes(10)),
                t0.plus(Duration.ofMinutes(10)).plusSeconds(10));
        StartedSession s = running(slot);

        // Past cleanupDeadline - teardownBudget, where a slot this short was torn down before its end.
        sandbox.env().sleep(Duration.between(sandbox.now(), slot.endAt().minus(Duration.ofMinutes(1))));
        assertEquals(SessionStatus.RUNNING, s.session().tree().status());
        assertEquals(6, sandbox.engine().containersOf(s.id()).size());

        s.result();
        assertEquals(List.of(), sandbox.engine().containersOf(s.id()));
        List<TransitionRecord> steps = sandbox.recording().sessionTransitions(s.id());
        steps.stream().filter(t -> !List.of("PENDING", "PROVISIONING", "RUNNING").contains(t.to())).forEach(t ->
                assertFalse(t.occurredAt().isBefore(slot.endAt()), t.to() + " before the end, at " + t.occurredAt()));
        assertTrue(sandbox.engine().lastRemovalScheduledAt().isBefore(slot.cleanupDeadline()), "removed at "
                + sandbox.engine().lastRemovalScheduledAt() + ", deadline " + slot.cleanupDeadline());
    }

    @Test
    void movingTheTimeslotMovesTheTimers() {
        Instant t0 = sandbox.now();
        StartedSession s = running(new Timeslot(null, null, t0.plus(Duration.ofHours(1)),
                t0.plus(Duration.ofMinutes(90))));

        Timeslot extended = new Timeslot(null, null, t0.plus(Duration.ofHours(3)), t0.plus(Duration.ofMinutes(210)));
        assertEquals(new TimeslotChange(extended, 2), s.session().setTimeslot(extended));
        sandbox.env().sleep(Duration.ofMinutes(100)); // past the old deadline
        SessionView stillRunning = s.session().tree();
        assertEquals(SessionStatus.RUNNING, stillRunning.status());
        assertEquals(extended, stillRunning.timeslot());
        assertEquals(6, sandbox.engine().containersOf(s.id()).size());

        Timeslot backwards = new Timeslot(null, null, t0.plus(Duration.ofHours(4)), t0.plus(Duration.ofHours(3)));
        assertThrows(WorkflowUpdateException.class, () -> s.session().setTimeslot(backwards));
        Timeslot deadlinePassed = new Timeslot(null, null, t0, t0.plus(Duration.ofMinutes(1)));
        assertThrows(WorkflowUpdateException.class, () -> s.session().setTimeslot(deadlinePassed));
        assertEquals(2, s.session().tree().generation());

        Instant now = sandbox.now();
        Timeslot shortened = new Timeslot(null, null, now.plus(Duration.ofMinutes(10)), now.plus(Duration.ofMinutes(20)));
        assertEquals(3, s.session().setTimeslot(shortened).generation());
        sandbox.env().sleep(Duration.ofMinutes(11));
        SessionView stopped = s.awaitStatus(SessionStatus.STOPPED);
        assertEquals(DesiredStatus.STOPPED, stopped.desiredStatus());
        assertEquals(SessionStatus.DELETED, s.result());
        // The workflow's own close time: the test clock may skip on while the result is fetched.
        Instant closed = HistoryEvents.closeTime(s.runs().getLast());
        assertFalse(closed.isAfter(shortened.cleanupDeadline()), "ended by the new deadline, at " + closed);
        assertEquals(List.of(extended, shortened), sandbox.recording().timeslots());
    }

    private StartedSession running(Timeslot slot) {
        StartedSession s = sandbox.startSession(LifecycleScenarios.threePartsOfTwoPods(slot), LIFECYCLE);
        s.awaitStatus(SessionStatus.RUNNING);
        return s;
    }
}
