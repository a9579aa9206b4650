package dev.steward.app.temporal;

import dev.steward.app.refusal.Conflict;
import dev.steward.config.LifecycleConfig;
import dev.steward.config.ReconcileConfig;
import dev.steward.config.TemporalConfig;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.SessionSpec;
import dev.steward.workflow.part.PartWorkflow;
import dev.steward.workflow.part.PodAction;
import dev.steward.workflow.session.SessionInput;
import dev.steward.workflow.session.SessionWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.failure.ApplicationFailure;
import jakarta.inject.Singleton;
import java.util.UUID;
import java.util.function.Function;

/**
 * Starts the session workflows (id {@code session-{id}}, on the main task queue) and hands them,
 * and their part workflows, what the API asks. A workflow that refuses, or no longer runs, becomes
 * a {@link Conflict} here and nowhere else.
 */
@Singleton
public class SessionWorkflows {

    private final WorkflowClient temporal;
    private final TemporalConfig temporalConfig;
    private final ReconcileConfig reconcile;
    private final LifecycleConfig lifecycle;

    public SessionWorkflows(WorkflowClient temporal, TemporalConfig temporalConfig, ReconcileConfig reconcile,
            LifecycleConfig lifecycle) {
        this.temporal = temporal;
        this.temporalConfig = temporalConfig;
        this.reconcile = reconcile;
        this.lifecycle = lifecycle;
    }

    /** Starts the session's workflow with this process's settings; throws what Temporal threw when it could not. */
    public void start(UUID id, SessionSpec spec, long generation) {
        WorkflowOptions options = WorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.session(id))
                .setTaskQueue(temporalConfig.taskQueue())
                .build();
        SessionWorkflow workflow = temporal.newWorkflowStub(SessionWorkflow.class, options);
        WorkflowClient.start(workflow::run, new SessionInput(id, spec, generation,
                reconcile.settings().with(spec.restart()), lifecycle.settings(), null));
    }

    /** Sends an update to the session's workflow and returns its answer. */
    public <T> T update(UUID id, Function<SessionWorkflow, T> call) {
        SessionWorkflow workflow = temporal.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(id));
        try {
            return call.apply(workflow);
        } catch (WorkflowUpdateException rejected) {
            throw new Conflict(rejectionMessage(rejected));
        } catch (WorkflowException ended) {
            throw new Conflict("session " + id + " no longer runs: " + rejectionMessage(ended));
        }
    }

    /** Hands an operator's action to the part workflow that owns the pod. */
    public void podAction(UUID id, String part, PodAction action) {
        try {
            temporal.newWorkflowStub(PartWorkflow.class, WorkflowIds.part(id, part)).podAction(action);
        } catch (WorkflowNotFoundException ended) {
            throw new Conflict("part " + part + " of session " + id + " no longer runs");
        }
    }

    /** The workflow's own words when it refused; Temporal's otherwise. */
    private static String rejectionMessage(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApplicationFailure app) {
                return app.getOriginalMessage();
            }
        }
        return failure.getMessage();
    }
}
