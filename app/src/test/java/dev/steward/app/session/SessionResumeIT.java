package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.Container;
import dev.steward.app.support.PausingSessionWorkflowClient;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.app.temporal.SessionWorkflowClient;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.PartView;
import dev.steward.model.SessionStatus;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionDescription;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Resuming a session whose workflow is missing, on the real Temporal server. Resumes come from every worker's
 * sweep and from API calls at once: they take turns (a PostgreSQL lock per session), each asks Temporal again
 * once it holds the lock, and none ends a part whose session run is open, so two resumes never end each
 * other's new parts. A part terminated by hand comes back, adopting its containers.
 */
@MicronautTest(transactional = false)
@Property(name = "steward.test.pausing-resume", value = "true")
class SessionResumeIT extends SessionApiBase {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @Inject
    SessionResume resume;

    @Inject
    SessionWorkflowClient workflows;

    @Inject
    SessionRepository sessions;

    @Inject
    WorkflowClient temporal;

    @Test
    void aResumeThatSawTheWorkflowMissingBeforeAnotherResumedItEndsNothing() throws Exception {
        PausingSessionWorkflowClient pausing = (PausingSessionWorkflowClient) workflows;
        UUID id = api.create(Map.of("owner", "resume", "parts", List.of(Specs.part("web", "a")))).id();
        try {
            api.awaitStatus(id, SessionStatus.RUNNING);
            temporal.newUntypedWorkflowStub(WorkflowIds.session(id)).terminate("lost, as a Temporal without its data");
            SessionRow row = sessions.findById(id).orElseThrow();

            // A slow resume: it saw the workflow missing, and is held before it acts.
            CompletableFuture<Boolean> slow = CompletableFuture.supplyAsync(() -> {
                pausing.pauseNextStatus();
                return resume.ifMissing(row);
            });
            assertTrue(pausing.awaitPaused(), "the slow resume looked at the workflow");
            // Meanwhile another resumes the session, whose new run starts its part again.
            assertTrue(resume.ifMissing(row), "the first resume started a run");
            String sessionRun = temporal.newUntypedWorkflowStub(WorkflowIds.session(id)).describe().getExecution()
                    .getRunId();
            WorkflowExecutionDescription part = Eventually.await("web started by the new run", DEADLINE,
                    () -> temporal.newUntypedWorkflowStub(WorkflowIds.part(id, "web")).describe(),
                    d -> d.getStatus() == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING
                            && d.getParentExecution().getRunId().equals(sessionRun));
            api.awaitStatus(id, SessionStatus.RUNNING);

            pausing.goOn();

            assertFalse(slow.get(DEADLINE.toSeconds(), TimeUnit.SECONDS), "the slow resume found the session running");
            WorkflowExecutionDescription after = temporal.newUntypedWorkflowStub(WorkflowIds.part(id, "web")).describe();
            assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING, after.getStatus());
            assertEquals(part.getExecution().getRunId(), after.getExecution().getRunId(),
                    "the new run's part was not ended");
            assertEquals(sessionRun, temporal.newUntypedWorkflowStub(WorkflowIds.session(id)).describe().getExecution()
                    .getRunId());
            assertTrue(api.transitions(id).stream().noneMatch(t -> "PartRestarted".equals(t.reason())),
                    "no part had to be started again: " + api.transitions(id));
        } finally {
            pausing.goOn();
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        }
    }

    @Test
    void aPartTerminatedByHandComesBackAdoptingItsContainers() {
        UUID id = api.create(Map.of("owner", "resume", "parts", List.of(Specs.part("web", "a", "b")))).id();
        try {
            api.awaitStatus(id, SessionStatus.RUNNING);
            List<String> before = containerIds(id);
            String firstRun = temporal.newUntypedWorkflowStub(WorkflowIds.part(id, "web")).describe().getExecution()
                    .getRunId();

            temporal.newUntypedWorkflowStub(WorkflowIds.part(id, "web")).terminate("an operator in the Temporal UI");

            Eventually.await("web runs again", DEADLINE,
                    () -> temporal.newUntypedWorkflowStub(WorkflowIds.part(id, "web")).describe(),
                    d -> d.getStatus() == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING
                            && !d.getExecution().getRunId().equals(firstRun));
            Eventually.await("the session running again", DEADLINE, () -> api.get(id),
                    v -> v.status() == SessionStatus.RUNNING
                            && v.parts().stream().map(PartView::status).allMatch(s -> s.name().equals("READY")));
            assertEquals(before, containerIds(id), "the new run adopted the containers");
            assertTrue(api.transitions(id).stream().anyMatch(t -> "PartRestarted".equals(t.reason())
                    && t.message().contains("terminated")), api.transitions(id).toString());
        } finally {
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        }
    }

    private List<String> containerIds(UUID id) {
        return engine.containersOf(id).stream().map(Container::getId).sorted().toList();
    }
}
