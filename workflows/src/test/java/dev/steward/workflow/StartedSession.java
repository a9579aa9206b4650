package dev.steward.workflow;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.session.SessionWorkflow;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.common.WorkflowExecutionHistory;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;

/** A session a {@link WorkflowSandbox} started: its id and its first run. */
public record StartedSession(UUID id, WorkflowClient client, String firstRunId) {

    /** A stub by workflow id alone, so it reaches whichever run is current. */
    public SessionWorkflow session() {
        return client.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(id));
    }

    public SessionView await(String what, Predicate<SessionView> done) {
        return Eventually.await(what, () -> session().tree(), done);
    }

    public SessionView awaitStatus(SessionStatus wanted) {
        return await("session " + wanted, view -> view.status() == wanted);
    }

    public SessionStatus result() {
        return client.newUntypedWorkflowStub(WorkflowIds.session(id)).getResult(SessionStatus.class);
    }

    /** The history of every run, first to last, following the continue-as-new chain. */
    public List<WorkflowExecutionHistory> runs() {
        List<WorkflowExecutionHistory> runs = new ArrayList<>();
        String runId = firstRunId;
        while (runId != null) {
            WorkflowExecutionHistory run = client.fetchHistory(WorkflowIds.session(id), runId);
            runs.add(run);
            HistoryEvent last = run.getLastEvent();
            runId = last.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW
                    ? last.getWorkflowExecutionContinuedAsNewEventAttributes().getNewExecutionRunId()
                    : null;
        }
        return runs;
    }
}
