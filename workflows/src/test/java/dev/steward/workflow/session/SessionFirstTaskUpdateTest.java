package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.client.UpdateOptions;
import io.temporal.client.WithStartWorkflowOperation;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowUpdateStage;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An operator's request that reaches a session in its first workflow task, before run() has read its input (as
 * one sent right after the session's creation can), waits for the session to start instead of failing the task.
 */
class SessionFirstTaskUpdateTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    @Test
    void aReconcileAskedInTheSessionsFirstTaskIsAnswered() {
        UUID id = UUID.randomUUID();
        SessionSpec spec = TestSessions.twoPartsOfTwoPods();
        SessionWorkflow session = sandbox.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(id));
        WithStartWorkflowOperation<SessionStatus> start = new WithStartWorkflowOperation<>(session::run,
                new SessionInput(id, spec, 1, ReconcileSettings.DEFAULTS.with(spec.restart()), LifecycleSettings.DEFAULTS,
                        null));

        OperatorActionResult reconcile = WorkflowClient.executeUpdateWithStart(session::reconcileNow,
                UpdateOptions.<OperatorActionResult>newBuilder().setWaitForStage(WorkflowUpdateStage.COMPLETED).build(),
                start);

        assertEquals(new OperatorActionResult("reconcile", id.toString(), 1), reconcile);
    }
}
