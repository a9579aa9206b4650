package dev.steward.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.HistoryEvents;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.ParentClosePolicy;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a parent's continue-as-new does to a running child, by close policy. On a Temporal cluster the
 * close policy applies when a parent continues as new (temporalio/temporal#373 and #3666), so with
 * REQUEST_CANCEL every part would be cancelled, and tear itself down, at each continue-as-new: the
 * session starts its parts with ABANDON. Temporal's Java test server, which the other tests and the
 * in-process mode use, does not apply the policy then; this test pins that difference, so a passing
 * continue-as-new test here proves nothing about REQUEST_CANCEL on a cluster.
 */
class ParentClosePolicyOnContinueAsNewTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = new WorkflowSandbox(ContinueAsNewProbeImpl.class);

    @ParameterizedTest
    @EnumSource(value = ParentClosePolicy.class, names = {"PARENT_CLOSE_POLICY_REQUEST_CANCEL", "PARENT_CLOSE_POLICY_ABANDON"})
    void theTestServerLeavesTheChildRunningWhateverItsClosePolicy(ParentClosePolicy policy) {
        String id = policy.name().toLowerCase();
        WorkflowClient client = sandbox.client();
        ContinueAsNewProbe parent = sandbox.newWorkflowStub(ContinueAsNewProbe.class, id);
        // Started and polled, never waited on: waiting for a result lets the test server skip time, straight to the
        // child's timeout.
        WorkflowClient.start(parent::run, 0, policy.name());
        WorkflowStub child = client.newUntypedWorkflowStub(id + "-child");
        // The parent's new run has completed: whatever the close policy did to the child, it did on the old run's close.
        Eventually.await("the parent's second run completed", () -> client.newUntypedWorkflowStub(id).describe().getStatus(),
                status -> status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED);
        assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING, child.describe().getStatus());
        assertEquals(0, HistoryEvents.count(client.fetchHistory(id + "-child").getEvents(),
                EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCEL_REQUESTED), "cancel requests that reached the child");
    }
}
