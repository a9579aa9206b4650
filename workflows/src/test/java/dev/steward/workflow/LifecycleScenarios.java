package dev.steward.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.steward.activity.ContainerEvent;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PodKind;
import dev.steward.model.PodSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.util.List;
import java.util.UUID;

/**
 * The scenarios whose histories {@link WorkflowReplayTest} replays: run once by
 * {@link ReplayHistoryRecorder} to store them, and again by the replay test to replay a fresh one.
 */
final class LifecycleScenarios {

    static final String TASK_QUEUE = "steward-replay";
    static final UUID SESSION_ID = UUID.fromString("0f6d3c2a-8e51-4c7b-9a3e-2b1d4f5e6a70");
    static final UUID PART_SESSION_ID = UUID.fromString("5a2e9b14-3c7d-4f08-b1e6-9d0c8a7f6e52");
    static final UUID RESTARTS_SESSION_ID = UUID.fromString("c3e1f0a9-6b2d-4e57-8f14-7a9d2c0b5e36");

    private LifecycleScenarios() {}

    /** A started test environment whose worker runs both workflows against the given fakes. */
    static TestWorkflowEnvironment newEnvironment(FakeEngine engine, InMemoryRecording recording) {
        TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();
        Worker worker = env.newWorker(TASK_QUEUE);
        worker.registerWorkflowImplementationTypes(SessionWorkflowImpl.class, PartWorkflowImpl.class);
        worker.registerActivitiesImplementations(engine, recording);
        env.start();
        return env;
    }

    /**
     * Two parts of two pods: RUNNING, a same-status update, STOPPED, DELETED. Returns the session's
     * history.
     */
    static WorkflowExecutionHistory sessionLifecycle(TestWorkflowEnvironment env) {
        WorkflowClient client = env.getWorkflowClient();
        String workflowId = WorkflowIds.session(SESSION_ID);
        SessionWorkflow session = client.newWorkflowStub(SessionWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TASK_QUEUE).setWorkflowId(workflowId).build());
        WorkflowClient.start(session::run,
                new SessionInput(SESSION_ID, TestSessions.twoPartsOfTwoPods(), 1, ReconcileSettings.DEFAULTS));

        Eventually.await("session RUNNING", session::tree, v -> v.status() == SessionStatus.RUNNING);
        assertEquals(new DesiredStatusChange(DesiredStatus.RUNNING, 1, false), session.setDesiredStatus(DesiredStatus.RUNNING));
        assertEquals(new DesiredStatusChange(DesiredStatus.STOPPED, 2, true), session.setDesiredStatus(DesiredStatus.STOPPED));
        Eventually.await("session STOPPED", session::tree, v -> v.status() == SessionStatus.STOPPED);
        assertEquals(new DesiredStatusChange(DesiredStatus.DELETED, 3, true), session.setDesiredStatus(DesiredStatus.DELETED));
        assertEquals(SessionStatus.DELETED, WorkflowStub.fromTyped(session).getResult(SessionStatus.class));
        return client.fetchHistory(workflowId);
    }

    /**
     * A part alone: READY; a container deleted behind its back and recreated on the host's next resync;
     * STOPPED; DELETED. Returns the part's history.
     */
    static WorkflowExecutionHistory partLifecycle(TestWorkflowEnvironment env, FakeEngine engine) {
        WorkflowClient client = env.getWorkflowClient();
        String workflowId = WorkflowIds.part(PART_SESSION_ID, "web");
        PartWorkflow part = client.newWorkflowStub(PartWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TASK_QUEUE).setWorkflowId(workflowId).build());
        WorkflowClient.start(part::run, new PartInput(PART_SESSION_ID, TestSessions.part("web", "app", "cache"),
                DesiredStatus.RUNNING, 1, ReconcileSettings.DEFAULTS));

        PartView ready = Eventually.await("part READY", part::view, v -> v.status() == PartStatus.READY);
        String appBefore = appOf(ready).containerId();
        engine.deleteBehindTheWorkflowsBack(appBefore);
        part.resync(engine.containersOf(PART_SESSION_ID));
        PartView repaired = Eventually.await("app recreated", part::view,
                v -> appOf(v).status() == PodStatus.READY && !appBefore.equals(appOf(v).containerId()));
        assertNotEquals(appBefore, appOf(repaired).containerId());

        part.setDesiredStatus(new DesiredChange(DesiredStatus.STOPPED, 2));
        Eventually.await("part STOPPED", part::view, v -> v.status() == PartStatus.STOPPED);
        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 3));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        return client.fetchHistory(workflowId);
    }

    /**
     * Restarts and jobs: a job completes; a worker crashes (the host relays its die event), backs
     * off, restarts after the timer, is restarted by an operator; then the part is deleted.
     */
    static WorkflowExecutionHistory partRestarts(TestWorkflowEnvironment env, FakeEngine engine) {
        WorkflowClient client = env.getWorkflowClient();
        String workflowId = WorkflowIds.part(RESTARTS_SESSION_ID, "mixed");
        PartWorkflow part = client.newWorkflowStub(PartWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TASK_QUEUE).setWorkflowId(workflowId).build());
        PodSpec app = TestSessions.pod("app");
        PodSpec once = new PodSpec("once", TestSessions.IMAGE, List.of("true"), null, null, PodKind.JOB, null, null,
                null, null);
        engine.exitAtOnce("once", 0);
        WorkflowClient.start(part::run, new PartInput(RESTARTS_SESSION_ID, new PartSpec("mixed", List.of(app, once)),
                DesiredStatus.RUNNING, 1, ReconcileSettings.DEFAULTS));

        PartView ready = Eventually.await("part READY", part::view, v -> v.status() == PartStatus.READY);
        String appId = appOf(ready).containerId();
        engine.exit(appId, 1, false);
        part.containerEvent(new ContainerEvent(appId, "app", "die", 1, 0));
        Eventually.await("app BACKING_OFF", part::view, v -> appOf(v).status() == PodStatus.BACKING_OFF);
        env.sleep(ReconcileSettings.DEFAULTS.backoffBase().plusSeconds(1));
        Eventually.await("app restarted", part::view, v -> appOf(v).status() == PodStatus.READY && appOf(v).restarts() == 1);
        part.podAction(new PodAction("app", PodAction.Kind.RESTART));
        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 2));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        return client.fetchHistory(workflowId);
    }

    private static PodView appOf(PartView part) {
        return part.pods().stream().filter(p -> p.name().equals("app")).findFirst().orElseThrow();
    }
}
