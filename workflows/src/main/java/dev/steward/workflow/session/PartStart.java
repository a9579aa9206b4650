package dev.steward.workflow.session;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.workflow.part.PartInput;
import dev.steward.workflow.part.PartWorkflow;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.ParentClosePolicy;
import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;

/**
 * A part's child workflow asked to start, whose start the session has not seen confirmed yet.
 *
 * @param part the part as the session's spec has it
 * @param input what the child runs with, its spec carrying the events the part awaits
 * @param execution completes once the child started, or fails if it did not
 * @param result the child's end
 */
record PartStart(PartSpec part, PartInput input, Promise<WorkflowExecution> execution, Promise<PartStatus> result) {

    /** Asks for the part's child workflow, under its deterministic id, in the current workflow task. */
    static PartStart ask(PartSpec part, PartInput input) {
        ChildWorkflowOptions options = ChildWorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.part(input.sessionId(), part.name()))
                // A continue-as-new closes the run, and a close policy would cancel every part; the session
                // itself tears its parts down (DELETED, abort, the cleanup deadline). Never TERMINATE.
                .setParentClosePolicy(ParentClosePolicy.PARENT_CLOSE_POLICY_ABANDON)
                .build();
        PartWorkflow child = Workflow.newChildWorkflowStub(PartWorkflow.class, options);
        Promise<PartStatus> result = Async.function(child::run, input);
        return new PartStart(part, input, Workflow.getWorkflowExecution(child), result);
    }
}
