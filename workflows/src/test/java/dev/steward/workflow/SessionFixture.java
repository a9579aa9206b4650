package dev.steward.workflow;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.session.SessionInput;
import dev.steward.workflow.session.SessionWorkflow;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** A time-skipping test server running sessions against a fake engine and in-memory recording. */
public final class SessionFixture implements AutoCloseable {

    public final FakeEngine engine = new FakeEngine();
    public final InMemoryRecording recording = new InMemoryRecording();
    public final TestWorkflowEnvironment env = LifecycleScenarios.newEnvironment(engine, recording);
    public final WorkflowClient client = env.getWorkflowClient();

    /** A started session under a random id. */
    public Started start(SessionSpec spec, LifecycleSettings lifecycle) {
        return start(UUID.randomUUID(), spec, lifecycle);
    }

    public Started start(UUID sessionId, SessionSpec spec, LifecycleSettings lifecycle) {
        SessionWorkflow session = client.newWorkflowStub(SessionWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(LifecycleScenarios.TASK_QUEUE)
                .setWorkflowId(WorkflowIds.session(sessionId))
                .build());
        WorkflowExecution first = WorkflowClient.start(session::run,
                new SessionInput(sessionId, spec, 1, ReconcileSettings.DEFAULTS.with(spec.restart()), lifecycle, null));
        return new Started(sessionId, client, first.getRunId());
    }

    public Instant now() {
        return Instant.ofEpochMilli(env.currentTimeMillis());
    }

    /** The history of every run of a session, first to last, following the continue-as-new chain. */
    /**
     * When a run closed, by its own last event: the test clock may skip on while a result is
     * fetched, so it says nothing about when the workflow ended.
     */
    public static Instant closeTime(WorkflowExecutionHistory run) {
        var closed = run.getLastEvent().getEventTime();
        return Instant.ofEpochSecond(closed.getSeconds(), closed.getNanos());
    }

    public List<WorkflowExecutionHistory> runs(Started started) {
        List<WorkflowExecutionHistory> runs = new ArrayList<>();
        String runId = started.firstRunId();
        while (runId != null) {
            WorkflowExecutionHistory run = client.fetchHistory(WorkflowIds.session(started.id()), runId);
            runs.add(run);
            HistoryEvent last = run.getLastEvent();
            runId = last.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW
                    ? last.getWorkflowExecutionContinuedAsNewEventAttributes().getNewExecutionRunId()
                    : null;
        }
        return runs;
    }

    @Override
    public void close() {
        engine.releaseListings();
        recording.releaseDesiredStatuses();
        env.close();
    }

    /** A running session: its id and its first run. */
    public record Started(UUID id, WorkflowClient client, String firstRunId) {

        /** A stub by workflow id alone, so it reaches whichever run is current. */
        public SessionWorkflow session() {
            return client.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(id));
        }

        public SessionView await(String what, java.util.function.Predicate<SessionView> done) {
            return Eventually.await(what, () -> session().tree(), done);
        }

        public SessionView awaitStatus(SessionStatus wanted) {
            return await("session " + wanted, view -> view.status() == wanted);
        }

        public SessionStatus result() {
            return client.newUntypedWorkflowStub(WorkflowIds.session(id)).getResult(SessionStatus.class);
        }
    }
}
