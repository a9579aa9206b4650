package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.ContainerState;
import dev.steward.contract.TransitionRecord;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.EventAwait;
import dev.steward.model.EventCause;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.Reason;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakeContainerActivities;
import dev.steward.workflow.support.InMemoryRecording;
import dev.steward.workflow.support.StartedSession;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.client.WorkflowClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A session whose workflow went missing is resumed from the read model: a new run goes on from the
 * recorded status, says so (reason Resumed), adopts the containers it finds and takes updates; one
 * past its cleanup deadline goes straight to its kill path.
 */
class SessionResumeTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    private final FakeContainerActivities engine = sandbox.engine();
    private final InMemoryRecording recording = sandbox.recording();
    private final UUID sessionId = UUID.randomUUID();

    @Test
    void aResumedRunAdoptsTheContainersAndTakesADelete() {
        SessionSpec spec = TestSessions.twoPartsOfTwoPods();
        StartedSession s = sandbox.startSession(sessionId, spec, LifecycleSettings.DEFAULTS);
        s.awaitStatus(SessionStatus.RUNNING);
        Set<String> before = containerIds();
        int recordedBefore = recording.sessionTransitions(sessionId).size();

        loseTheWorkflows(spec);
        resume(spec, 1, new ResumedFrom(SessionStatus.RUNNING, 1));
        List<TransitionRecord> after = Eventually.await("the resumed run's first record",
                () -> recording.sessionTransitions(sessionId), t -> t.size() > recordedBefore);
        s.await("every part adopted its pods", v -> v.status() == SessionStatus.RUNNING && v.parts().stream()
                .allMatch(p -> p.status() == PartStatus.READY));

        assertEquals(before, containerIds(), "the resumed run adopted every container, making none");
        TransitionRecord resumed = after.get(recordedBefore);
        assertEquals(Reason.RESUMED.code(), resumed.reason());
        assertEquals("RUNNING", resumed.from());
        assertEquals("RUNNING", resumed.to());

        s.session().setDesiredStatus(DesiredStatus.DELETED);
        assertEquals(SessionStatus.DELETED, s.result());
        assertEquals(List.of(), engine.containersOf(sessionId));
    }

    @Test
    void aSessionResumedPastItsCleanupDeadlineGoesStraightToItsKillPath() {
        SessionSpec spec = TestSessions.session(Timeslot.NONE, TestSessions.part("web", "app"));
        StartedSession s = sandbox.startSession(sessionId, spec, LifecycleSettings.DEFAULTS);
        s.awaitStatus(SessionStatus.RUNNING);

        loseTheWorkflows(spec);
        // The read model's timeslot, whose deadline passed while no workflow ran the session.
        Instant now = sandbox.now();
        SessionSpec lapsed = TestSessions.session(new Timeslot(null, null, now.minus(Duration.ofMinutes(20)),
                now.minus(Duration.ofMinutes(10))), TestSessions.part("web", "app"));
        assertEquals(1, engine.containersOf(sessionId).size());
        resume(lapsed, 1, new ResumedFrom(SessionStatus.RUNNING, 1));

        assertEquals(SessionStatus.EXPIRED, s.result());
        assertEquals(List.of(), engine.containersOf(sessionId));
        List<String> reasons = recording.sessionTransitions(sessionId).stream().map(TransitionRecord::reason).toList();
        assertTrue(reasons.contains(Reason.RESUMED.code()), reasons.toString());
        assertEquals(Reason.CLEANUP_DEADLINE_FORCED.code(), reasons.getLast(), reasons.toString());
    }

    @Test
    void aResumedRunGoesOnWithTheEventsItsLostRunTook() {
        EventCause ready = new EventCause("e-ready", "https://ci.example.com/data", "com.example.dataset.ready");
        EventCause stop = new EventCause("e-stop", "https://ci.example.com/ops", "dev.steward.session.desired-status");
        SessionSpec spec = new SessionSpec("alice", DesiredStatus.RUNNING, List.of(
                awaiting("train", "trainer", new EventAwait(ready.type(), null)),
                awaiting("later", "waiter", new EventAwait("com.example.never", null))), null);
        StartedSession s = sandbox.startSession(sessionId, spec, LifecycleSettings.DEFAULTS);
        s.session().eventArrived(new ArrivedEvent(ready, "{\"dataset\":\"d-1\"}"));
        // Applied, though it changes nothing: the session is RUNNING already.
        assertEquals(new DesiredStatusChange(DesiredStatus.RUNNING, 1, false),
                s.session().setDesiredStatusOnEvent(stop, DesiredStatus.RUNNING));
        s.await("train runs", v -> v.parts().getFirst().status() == PartStatus.READY);
        String trainer = engine.containerOf(sessionId, "train", "trainer").orElseThrow().id();
        assertEquals("{\"dataset\":\"d-1\"}", engine.envOf(trainer).get("STEWARD_EVENT_DATA"));
        // Kept in the order the loop met them, which the handlers' timing decides.
        Eventually.await("both events kept", () -> sandbox.events().keys(sessionId),
                keys -> keys.size() == 2 && Set.copyOf(keys).equals(Set.of(ready.key(), stop.key())));

        loseTheWorkflows(spec);
        // As SessionResume does: what the lost run took, from what the workflow kept in the read model.
        resume(spec, 1, new ResumedFrom(SessionStatus.RUNNING, 1, sandbox.events().keys(sessionId),
                sandbox.events().arrived(sessionId)));

        SessionView resumed = s.await("train adopted, later waiting", v -> v.parts().getFirst().status()
                == PartStatus.READY && v.parts().get(1).status() == PartStatus.WAITING
                && recording.sessionTransitions(sessionId).stream().anyMatch(t -> Reason.RESUMED.is(t.reason())));
        assertEquals(Reason.AWAITING_EVENT.code(), resumed.parts().get(1).reason());
        assertEquals(trainer, engine.containerOf(sessionId, "train", "trainer").orElseThrow().id(),
                "the trainer kept its container: its spec, the event in its env, is the same");
        assertTrue(engine.containerOf(sessionId, "later", "waiter").isEmpty(), "later did not start");
        assertEquals(new DesiredStatusChange(DesiredStatus.RUNNING, 1, false),
                s.session().setDesiredStatusOnEvent(stop, DesiredStatus.STOPPED), "applied before the loss");

        s.session().setDesiredStatus(DesiredStatus.DELETED);
        assertEquals(SessionStatus.DELETED, s.result());
    }

    private static PartSpec awaiting(String part, String pod, EventAwait await) {
        return new PartSpec(part, List.of(TestSessions.pod(pod)), null, null, null, null, List.of(await), null, null);
    }

    /** As when Temporal forgets them: the session's and its parts' workflows end, their containers stay. */
    private void loseTheWorkflows(SessionSpec spec) {
        WorkflowClient client = sandbox.client();
        client.newUntypedWorkflowStub(WorkflowIds.session(sessionId)).terminate("lost");
        spec.parts().forEach(part -> {
            try {
                client.newUntypedWorkflowStub(WorkflowIds.part(sessionId, part.name())).terminate("lost");
            } catch (io.temporal.client.WorkflowNotFoundException alreadyEnded) {
                // terminated with its parent
            }
        });
    }

    private void resume(SessionSpec spec, long generation, ResumedFrom from) {
        SessionWorkflow session = sandbox.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(sessionId));
        WorkflowClient.start(session::run, new SessionInput(sessionId, spec, generation,
                ReconcileSettings.DEFAULTS.with(spec.restart()), LifecycleSettings.DEFAULTS, null, from));
    }

    private Set<String> containerIds() {
        return engine.containersOf(sessionId).stream().map(ContainerState::id).collect(Collectors.toSet());
    }
}
