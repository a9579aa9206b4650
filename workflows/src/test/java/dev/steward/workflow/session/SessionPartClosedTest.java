package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.ContainerState;
import dev.steward.contract.TransitionRecord;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PartReport;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakeContainerActivities;
import dev.steward.workflow.support.LifecycleScenarios;
import dev.steward.workflow.support.StartedSession;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateHandle;
import io.temporal.client.WorkflowUpdateStage;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A part's workflow can close under its session: terminated in the Temporal UI, by a resume, or by a
 * history limit. The session notices (from the child's result, or from a signal that finds it closed),
 * starts it again under the same id, and the new run adopts the pods' containers: the session keeps
 * its timeslot and its teardown, and is never wedged by a signal it cannot send.
 */
class SessionPartClosedTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    private static final String PART_RESTARTED = "PartRestarted";

    private final FakeContainerActivities engine = sandbox.engine();

    @Test
    void aPartCancelledFromOutsideIsStartedAgain() {
        StartedSession s = sandbox.startSession(TestSessions.twoPartsOfTwoPods(), LifecycleSettings.DEFAULTS);
        s.awaitStatus(SessionStatus.RUNNING);
        WorkflowStub web = sandbox.client().newUntypedWorkflowStub(WorkflowIds.part(s.id(), "web"));
        String firstRun = web.describe().getExecution().getRunId();

        // The Temporal UI's "request cancellation": the part tears its pods down and its run ends cancelled.
        web.cancel();

        Eventually.await("web runs again", () -> sandbox.client().newUntypedWorkflowStub(WorkflowIds.part(s.id(), "web"))
                .describe(), d -> d.getStatus() == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING
                        && !d.getExecution().getRunId().equals(firstRun));
        s.await("running again with web ready", v -> v.status() == SessionStatus.RUNNING
                && v.parts().stream().allMatch(p -> p.status() == PartStatus.READY));
        assertEquals(4, engine.containersOf(s.id()).size());
        TransitionRecord restarted = sandbox.recording().partTransitions(s.id(), "web").stream()
                .filter(t -> PART_RESTARTED.equals(t.reason()))
                .findFirst().orElseThrow(() -> new AssertionError("no PartRestarted transition: "
                        + sandbox.recording().partTransitions(s.id(), "web")));
        assertTrue(restarted.message().contains("cancelled"), restarted.message());

        s.session().setDesiredStatus(DesiredStatus.DELETED);
        assertEquals(SessionStatus.DELETED, s.result());
        assertEquals(List.of(), engine.containersOf(s.id()));
    }

    @Test
    void aTerminatedPartIsFoundBySignalAndItsNewRunAdoptsItsContainers() {
        StartedSession s = sandbox.startSession(TestSessions.twoPartsOfTwoPods(), LifecycleSettings.DEFAULTS);
        s.awaitStatus(SessionStatus.RUNNING);
        List<String> before = containerIds(s.id());
        // Temporal's test server does not tell a parent that its child was terminated (the real server does):
        // here the session learns it from the signal that finds the part closed.
        sandbox.client().newUntypedWorkflowStub(WorkflowIds.part(s.id(), "web")).terminate("an operator");

        s.session().reconcileNow();

        s.await("running again with web ready, restarted", v -> v.status() == SessionStatus.RUNNING
                && v.parts().stream().allMatch(p -> p.status() == PartStatus.READY)
                && sandbox.recording().partTransitions(s.id(), "web").stream()
                        .anyMatch(t -> PART_RESTARTED.equals(t.reason())));
        assertEquals(before, containerIds(s.id()), "the new run adopted the containers");
        s.session().setDesiredStatus(DesiredStatus.DELETED);
        assertEquals(SessionStatus.DELETED, s.result());
        assertEquals(List.of(), engine.containersOf(s.id()));
    }

    @Test
    void aPartAnEarlierRunStartedIsFoundClosedWhenSignalledAndStartedAgain() {
        StartedSession s = sandbox.startSession(TestSessions.twoPartsOfTwoPods(), LifecycleScenarios.SHORT_RUNS);
        PartView web = s.awaitStatus(SessionStatus.RUNNING).parts().getFirst();
        // Reports of an unchanged part until the session continues as new: its parts are no children of the new run.
        // Each report is at least one event, so this many pass the threshold.
        int reports = 2 * LifecycleScenarios.SHORT_RUNS.continueAsNewAfterEvents();
        for (int i = 0; i < reports; i++) {
            s.report(new PartReport(new PartView(web.name(), PartStatus.READY, web.reason(), "report " + i, web.pods(),
                    null, null), 1, null));
        }
        String last = "report " + (reports - 1);
        s.await("the last report taken", v -> v.parts().getFirst().message().equals(last));
        // The session continues as new only once all it took is written: after the last report shows, not before.
        Eventually.await("continued as new", s::runs, runs -> runs.size() >= 2);
        sandbox.client().newUntypedWorkflowStub(WorkflowIds.part(s.id(), "web")).terminate("a history limit");

        WorkflowUpdateHandle<DesiredStatusChange> stop = WorkflowStub.fromTyped(s.session()).startUpdate(
                "setDesiredStatus", WorkflowUpdateStage.ACCEPTED, DesiredStatusChange.class, DesiredStatus.STOPPED);

        assertEquals(DesiredStatus.STOPPED, stop.getResult(Eventually.DEADLINE.toSeconds(), TimeUnit.SECONDS).desiredStatus());
        s.awaitStatus(SessionStatus.STOPPED);
        assertEquals(List.of(), engine.containersOf(s.id()));
        assertTrue(sandbox.recording().partTransitions(s.id(), "web").stream()
                .anyMatch(t -> PART_RESTARTED.equals(t.reason())), "web was started again");
    }

    @Test
    void aTerminatedPartKeepsNoSessionFromItsKillPath() {
        // Teardown begins at endAt, when the session tells its parts; the kill path a kill margin before the deadline.
        // The test server does not skip time while an activity is open, so the hung stops last seconds, not minutes.
        LifecycleSettings lifecycle = new LifecycleSettings(Duration.ofSeconds(6), Duration.ofSeconds(3), 2_000);
        Timeslot slot = new Timeslot(null, null, sandbox.now().plusSeconds(60), sandbox.now().plusSeconds(70));
        SessionSpec spec = TestSessions.session(slot, TestSessions.part("web", "app"));
        StartedSession s = sandbox.startSession(UUID.randomUUID(), spec, lifecycle);
        s.awaitStatus(SessionStatus.RUNNING);
        engine.hangStops();
        sandbox.client().newUntypedWorkflowStub(WorkflowIds.part(s.id(), "web")).terminate("by hand");

        sandbox.env().sleep(Duration.ofSeconds(80));

        Eventually.await("the session's workflow closed", () -> sandbox.client()
                .newUntypedWorkflowStub(WorkflowIds.session(s.id())).describe().getStatus(),
                status -> status != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING);
        assertEquals(SessionStatus.EXPIRED, s.result(), "the stops hang: the kill path removed the containers");
        assertEquals(List.of(), engine.containersOf(s.id()));
    }

    private List<String> containerIds(UUID sessionId) {
        return engine.containersOf(sessionId).stream().map(ContainerState::id).sorted().toList();
    }
}
