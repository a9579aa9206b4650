package dev.steward.app.temporal;

import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.TemporalUnavailable;
import dev.steward.app.refusal.WorkflowMissing;
import dev.steward.app.refusal.WorkflowUnresponsive;
import dev.steward.config.LifecycleConfig;
import dev.steward.config.ReconcileConfig;
import dev.steward.config.TemporalConfig;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.EventCause;
import dev.steward.model.SessionSpec;
import dev.steward.workflow.part.PartWorkflow;
import dev.steward.workflow.part.PodAction;
import dev.steward.workflow.session.ResumedFrom;
import dev.steward.workflow.session.SessionInput;
import dev.steward.workflow.session.SessionSearchAttributes;
import dev.steward.workflow.session.SessionWorkflow;
import io.grpc.Context;
import io.grpc.StatusRuntimeException;
import io.micronaut.core.annotation.Nullable;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.UpdateOptions;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowExecutionDescription;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowServiceException;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.client.WorkflowUpdateStage;
import io.temporal.client.WorkflowUpdateTimeoutOrCancelledException;
import io.temporal.failure.ApplicationFailure;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the session workflows (id {@code session-{id}}, on the main task queue) and hands them,
 * and their part workflows, what the API asks, each call bounded by {@link TemporalDeadline}.
 * What Temporal answers becomes a refusal here and nowhere else: a workflow that refuses or no
 * longer runs is a {@link Conflict}, one that does not answer in time is
 * {@link WorkflowUnresponsive}, and Temporal out of reach is {@link TemporalUnavailable}.
 */
@Singleton
public class SessionWorkflowClient {

    private static final Logger LOG = LoggerFactory.getLogger(SessionWorkflowClient.class);

    private final WorkflowClient temporal;
    private final TemporalDeadline deadline;
    private final TemporalConfig temporalConfig;
    private final ReconcileConfig reconcile;
    private final LifecycleConfig lifecycle;

    public SessionWorkflowClient(WorkflowClient temporal, TemporalDeadline deadline, TemporalConfig temporalConfig,
            ReconcileConfig reconcile, LifecycleConfig lifecycle) {
        this.temporal = temporal;
        this.deadline = deadline;
        this.temporalConfig = temporalConfig;
        this.reconcile = reconcile;
        this.lifecycle = lifecycle;
    }

    /** Why a {@link #start} that threw did not start the workflow, as the API tells it. */
    public StartFailure whyNotStarted(RuntimeException failure) {
        return StartFailure.of(failure, deadline);
    }

    /**
     * Starts the session's workflow with this process's settings; throws what Temporal threw when it
     * did not confirm the start, which may then have happened or not.
     */
    public void start(UUID id, SessionSpec spec, long generation) {
        start(id, spec, generation, null, null);
    }

    /**
     * Starts the workflow of a session a CloudEvent created; its memo names the event. A workflow that
     * runs already (the event dispatched twice) is left alone.
     */
    public void startOnEvent(UUID id, SessionSpec spec, long generation, EventCause cause) {
        try {
            start(id, spec, generation, null, cause);
        } catch (WorkflowExecutionAlreadyStarted startedBefore) {
            LOG.debug("session {}: its workflow runs already; {} was dispatched before", id, cause.describe());
        }
    }

    /**
     * An update of the session's workflow on behalf of a CloudEvent, for {@link #update}. Its update id comes
     * from the event, so that Temporal shows which event made it and takes a repeated one once.
     */
    public static <T> Function<SessionWorkflow, T> onEvent(EventCause cause, String updateName, Class<T> result,
            Object... args) {
        return withId(updateName + " " + cause.key(), updateName, result, args);
    }

    /**
     * An update of the session's workflow, for {@link #update}, under {@code updateId}: a request repeated
     * under one id (its {@code Idempotency-Key}'s) is applied once, and its repeat answered with the first's
     * result while the run lasts. Without an id Temporal picks a fresh one.
     */
    public static <T> Function<SessionWorkflow, T> withId(@Nullable String updateId, String updateName, Class<T> result,
            Object... args) {
        UpdateOptions<T> options = UpdateOptions.newBuilder(result)
                .setUpdateName(updateName)
                .setUpdateId(updateId)
                .setWaitForStage(WorkflowUpdateStage.COMPLETED)
                .build();
        return workflow -> WorkflowStub.fromTyped(workflow).startUpdate(options, args).getResult();
    }

    /**
     * Starts a new run of a session whose workflow went missing, from where the read model left it. A run
     * that another process started meanwhile is left alone.
     *
     * @return whether this call started it
     */
    public boolean resume(UUID id, SessionSpec spec, long generation, ResumedFrom from) {
        try {
            start(id, spec, generation, from, null);
            LOG.info("session {}: its workflow was missing; resumed from the read model at generation {} ({})", id,
                    generation, from.status());
            return true;
        } catch (WorkflowExecutionAlreadyStarted resumedElsewhere) {
            LOG.debug("session {}: its workflow runs again already", id);
            return false;
        }
    }

    /**
     * Ends a part workflow that a closed session run left running (parts are abandoned by their parent,
     * see docs/operations.md), so that the resumed run starts its own; its containers stay for that run to adopt.
     * A part whose parent run is open is left alone: another resume's new run started it, or the session was
     * never lost. Only the run described is ended, never one started since.
     */
    public void terminateOrphanedPart(UUID id, String part) {
        String partId = WorkflowIds.part(id, part);
        WorkflowExecutionDescription described;
        try {
            described = deadline.call(() -> temporal.newUntypedWorkflowStub(partId).describe());
        } catch (WorkflowNotFoundException none) {
            LOG.debug("session {}: part {} has no workflow", id, part);
            return;
        }
        if (described.getStatus() != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING) {
            return;
        }
        WorkflowExecution parent = described.getParentExecution();
        if (parent != null && !parent.getWorkflowId().isEmpty() && runs(parent)) {
            LOG.info("session {}: part {} belongs to the open run {} of its session; left alone", id, part,
                    parent.getRunId());
            return;
        }
        String runId = described.getExecution().getRunId();
        try {
            deadline.run(() -> temporal.newUntypedWorkflowStub(partId, Optional.of(runId), Optional.empty())
                    .terminate("the session is resumed by a new run"));
        } catch (WorkflowNotFoundException closedMeanwhile) {
            LOG.debug("session {}: part {} closed meanwhile", id, part);
        }
    }

    /** Whether that run of a workflow is open. */
    private boolean runs(WorkflowExecution execution) {
        try {
            return deadline.call(() -> temporal.newUntypedWorkflowStub(execution.getWorkflowId(),
                    Optional.of(execution.getRunId()), Optional.empty()).describe().getStatus())
                    == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING;
        } catch (WorkflowNotFoundException gone) {
            return false;
        }
    }

    /** The status of the session's workflow (its latest run), or empty when Temporal has none. */
    public Optional<WorkflowExecutionStatus> status(UUID id) {
        return WorkflowPresence.status(deadline, temporal, WorkflowIds.session(id));
    }

    private void start(UUID id, SessionSpec spec, long generation, @Nullable ResumedFrom from,
            @Nullable EventCause cause) {
        // What the Temporal UI filters the session by from its start; the workflow keeps them current.
        WorkflowOptions.Builder options = WorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.session(id))
                .setTaskQueue(temporalConfig.taskQueue())
                .setTypedSearchAttributes(SessionSearchAttributes.of(spec.owner(), spec.labels()))
                // A worker of this process takes the first workflow task with the start's answer, not from a
                // poll, where the server allows it (system.enableEagerWorkflowStart); else the start is as before.
                .setDisableEagerExecution(false);
        if (cause != null) {
            options.setMemo(Map.of("createdBy", cause.describe()));
        }
        SessionWorkflow workflow = temporal.newWorkflowStub(SessionWorkflow.class, options.build());
        SessionInput input = new SessionInput(id, spec, generation, reconcile.settings().with(spec.restart()),
                lifecycle.settings(), null, from);
        deadline.run(() -> WorkflowClient.start(workflow::run, input));
    }

    /**
     * Makes sure the session has no workflow: ends the one a start whose answer was lost may have
     * made. Returns when Temporal confirms none runs; throws what Temporal threw when it cannot.
     */
    public void terminateIfStarted(UUID id) {
        try {
            deadline.run(() -> temporal.newUntypedWorkflowStub(WorkflowIds.session(id))
                    .terminate("the session's creation was undone"));
            LOG.info("session {}: the workflow whose start was not confirmed was terminated", id);
        } catch (WorkflowNotFoundException neverStarted) {
            LOG.debug("session {}: no workflow was started", id);
        }
    }

    /** Sends an update to the session's workflow and returns its answer. */
    public <T> T update(UUID id, Function<SessionWorkflow, T> call) {
        SessionWorkflow workflow = temporal.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(id));
        try {
            return deadline.call(() -> call.apply(workflow));
        } catch (WorkflowUpdateException rejected) {
            throw new Conflict(rejectionMessage(rejected));
        } catch (WorkflowNotFoundException ended) {
            throw new WorkflowMissing("session " + id + " no longer runs");
        } catch (WorkflowUpdateTimeoutOrCancelledException unanswered) {
            LOG.warn("session {}: its workflow did not take an update within {}", id, deadline.inWords());
            throw new WorkflowUnresponsive("the workflow of session " + id + " did not take the change within "
                    + deadline.inWords() + ": no worker runs it now. The change may still apply once one does; "
                    + "GET the session to see, or repeat the request later");
        } catch (WorkflowServiceException unreachable) {
            throw unavailable("session " + id, unreachable);
        }
    }

    /** Signals the session's workflow. */
    public void signal(UUID id, Consumer<SessionWorkflow> call) {
        try {
            deadline.run(() -> call.accept(temporal.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(id))));
        } catch (WorkflowNotFoundException ended) {
            throw new WorkflowMissing("session " + id + " no longer runs");
        } catch (WorkflowServiceException unreachable) {
            throw unavailable("session " + id, unreachable);
        }
    }

    /** Hands an operator's action to the part workflow that owns the pod. */
    public void podAction(UUID id, String part, PodAction action) {
        try {
            deadline.run(() -> temporal.newWorkflowStub(PartWorkflow.class, WorkflowIds.part(id, part))
                    .podAction(action));
        } catch (WorkflowNotFoundException ended) {
            throw new Conflict("part " + part + " of session " + id + " no longer runs");
        } catch (WorkflowServiceException unreachable) {
            throw unavailable("part " + part + " of session " + id, unreachable);
        }
    }

    /**
     * The reconcile passes of the session's parts, asked of their workflows within one deadline: a part
     * whose workflow does not answer in time, or has not started, is left out rather than failing the read.
     */
    public Map<String, Long> partPasses(UUID id, List<String> parts) {
        Map<String, Long> passes = new ConcurrentHashMap<>();
        deadline.run(() -> {
            // All asked at once, each under the same deadline: a read waits for the slowest part, not for their sum.
            try (ExecutorService queries = Executors.newVirtualThreadPerTaskExecutor()) {
                parts.forEach(part -> queries.execute(Context.current().wrap(() -> {
                    try {
                        passes.put(part, temporal.newWorkflowStub(PartWorkflow.class, WorkflowIds.part(id, part)).view()
                                .passes());
                    } catch (WorkflowException | StatusRuntimeException unanswered) {
                        // Expected before the part starts and while a worker is busy: the answer shows no passes, and
                        // polling clients would fill the log.
                    }
                })));
            }
        });
        return passes;
    }

    private TemporalUnavailable unavailable(String what, WorkflowServiceException unreachable) {
        LOG.warn("{}: Temporal did not answer within {}", what, deadline.inWords(), unreachable);
        return new TemporalUnavailable("Temporal did not answer within " + deadline.inWords() + "; the change to " + what
                + " was not confirmed. Repeat the request later");
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
