package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.PartStatus;
import dev.steward.model.ReconcileSettings;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.StartedSession;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.ApplicationFailure;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A workflow whose session has no row in this deployment's database (another deployment's workflow, or its rows
 * deleted under it) fails plainly, saying so, as soon as a transition is refused for it: the session's own, or a
 * part's written behind its back. Nothing is retried without end, and no placement is left behind.
 */
class SessionNotInDatabaseTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    @Test
    void aSessionWithoutItsRowFailsSayingSo() {
        sandbox.recording().refuseAsNotInDatabase();

        StartedSession s = sandbox.startSession(TestSessions.twoPartsOfTwoPods(), LifecycleSettings.DEFAULTS);

        ApplicationFailure failure = failureOf(() -> s.result());
        assertEquals("NotInDatabase", failure.getType());
        assertTrue(failure.getOriginalMessage().contains("not in this deployment's database"), failure.getOriginalMessage());
        assertTrue(failure.getOriginalMessage().contains(s.id().toString()), failure.getOriginalMessage());
        for (String part : new String[] {"web", "db"}) {
            Eventually.await("part " + part + " ended", () -> sandbox.client()
                    .newUntypedWorkflowStub(WorkflowIds.part(s.id(), part)).describe().getStatus(),
                    status -> status != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING);
        }
        assertTrue(sandbox.recording().refusedAsNotInDatabase() <= 10,
                "refused writes, not retried: " + sandbox.recording().refusedAsNotInDatabase());
    }

    @Test
    void aPartWhoseWritesBehindAreRefusedFailsSayingSo() {
        UUID sessionId = UUID.randomUUID();
        sandbox.recording().refuseAsNotInDatabase();

        var part = sandbox.startPart(sessionId, TestSessions.part("web", "app"), ReconcileSettings.DEFAULTS);

        ApplicationFailure failure = failureOf(() -> WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        assertEquals("NotInDatabase", failure.getType());
        assertTrue(failure.getOriginalMessage().contains("not in this deployment's database"), failure.getOriginalMessage());
        // The room its pod held is given back: a placement nothing will ever release would keep its host forever.
        assertEquals(0, sandbox.placement().podsOn(WorkflowSandbox.LOCAL), "released: " + sandbox.placement().released());
    }

    private static ApplicationFailure failureOf(Runnable result) {
        WorkflowFailedException failed = assertThrows(WorkflowFailedException.class, result::run);
        return assertInstanceOf(ApplicationFailure.class, failed.getCause());
    }

}
