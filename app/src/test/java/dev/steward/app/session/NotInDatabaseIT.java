package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.app.temporal.SessionWorkflowClient;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PodSpec;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.session.DesiredStatusChange;
import dev.steward.workflow.session.SessionWorkflow;
import dev.steward.workflow.support.Eventually;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateStage;
import io.temporal.failure.ApplicationFailure;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * A session workflow whose session has no row in this deployment's database (a workflow started for another
 * deployment's session, or whose rows were deleted under it) ends FAILED, saying that its session is not in this
 * deployment's database, and so do its parts: the database's refusal is not retried without end. What such a
 * session left on the engine goes with the orphan sweep.
 */
@MicronautTest
class NotInDatabaseIT extends SessionApiBase {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @Inject
    SessionWorkflowClient workflows;

    @Inject
    WorkflowClient temporal;

    @Inject
    DataSource dataSource;

    @Test
    void aSessionWorkflowStartedForASessionWithoutARowFailsSayingSo() throws Exception {
        UUID id = UUID.randomUUID();
        SessionSpec spec = new SessionSpec("nobody", DesiredStatus.RUNNING, List.of(new PartSpec("web",
                List.of(new PodSpec("a", Specs.BUSYBOX, List.of("sleep", "3600"), Map.of(), List.of())))), null);

        workflows.start(id, spec, 1);

        assertFailsNotInDatabase(id);
        assertPartEnded(id, "web");
        Eventually.await("nothing of the session left on the engine", DEADLINE,
                () -> engine.containersOf(id), List::isEmpty);
    }

    @Test
    void aSessionWhoseRowIsDeletedUnderItFailsSayingSo() throws Exception {
        UUID id = api.create(Map.of("owner", "gone", "parts", List.of(Specs.part("web", "a")))).id();
        api.awaitStatus(id, SessionStatus.RUNNING);
        try (var connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try (var delete = connection.prepareStatement("DELETE FROM sessions WHERE id = ?")) {
                delete.setObject(1, id);
                assertEquals(1, delete.executeUpdate());
            }
            connection.commit();
        }

        // A change the session records: its next transition is refused, and the run fails before it answers.
        WorkflowStub.fromTyped(temporal.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(id)))
                .startUpdate("setDesiredStatus", WorkflowUpdateStage.ACCEPTED, DesiredStatusChange.class,
                        DesiredStatus.STOPPED);

        assertFailsNotInDatabase(id);
        assertPartEnded(id, "web");
        Eventually.await("nothing of the session left on the engine", DEADLINE,
                () -> engine.containersOf(id), List::isEmpty);
    }

    private void assertFailsNotInDatabase(UUID id) throws Exception {
        WorkflowStub session = temporal.newUntypedWorkflowStub(WorkflowIds.session(id));
        WorkflowFailedException failed = assertThrows(WorkflowFailedException.class,
                () -> session.getResult(DEADLINE.toSeconds(), TimeUnit.SECONDS, SessionStatus.class));
        ApplicationFailure cause = assertInstanceOf(ApplicationFailure.class, failed.getCause());
        assertEquals("NotInDatabase", cause.getType());
        assertTrue(cause.getOriginalMessage().contains("session " + id + " is not in this deployment's database"),
                cause.getOriginalMessage());
    }

    /** The part failed too, or was left nothing to do; either way it no longer runs. */
    private void assertPartEnded(UUID id, String part) {
        WorkflowStub stub = temporal.newUntypedWorkflowStub(WorkflowIds.part(id, part));
        WorkflowExecutionStatus status = Eventually.await("part " + part + " ended", DEADLINE,
                () -> stub.describe().getStatus(),
                s -> s != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING);
        assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_FAILED, status, "part " + part);
    }
}
