package dev.steward.app.temporal;

import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import java.util.Optional;

/**
 * Whether Temporal still runs a workflow the read model expects. Asked per workflow id with describe:
 * Temporal's test server has no ListWorkflowExecutions.
 */
public final class WorkflowPresence {

    private WorkflowPresence() {}

    /** The status of the workflow's latest run, or empty when Temporal has none (never started, or forgotten). */
    static Optional<WorkflowExecutionStatus> status(TemporalDeadline deadline, WorkflowClient temporal,
            String workflowId) {
        try {
            return Optional.of(deadline.call(() -> temporal.newUntypedWorkflowStub(workflowId).describe().getStatus()));
        } catch (WorkflowNotFoundException forgotten) {
            return Optional.empty();
        }
    }

    /**
     * A workflow that should run is missing when Temporal has none, or its latest run closed (completed,
     * failed, terminated, timed out, cancelled) while the read model says it runs.
     */
    public static boolean missing(Optional<WorkflowExecutionStatus> status) {
        return status.isEmpty() || status.get() != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING;
    }
}
