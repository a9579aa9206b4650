package dev.steward.app.session;

import dev.steward.app.api.ApiException;
import dev.steward.app.api.SessionPage;
import dev.steward.app.api.SpecChange;
import dev.steward.app.api.TransitionView;
import dev.steward.config.LifecycleConfig;
import dev.steward.config.ReconcileConfig;
import dev.steward.config.TemporalConfig;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.FieldError;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionSpecValidator;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.store.PartRepository;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import dev.steward.store.TransitionRepository;
import dev.steward.workflow.part.PartWorkflow;
import dev.steward.workflow.part.PodAction;
import dev.steward.workflow.session.DesiredStatusChange;
import dev.steward.workflow.session.OperatorActionResult;
import dev.steward.workflow.session.SessionInput;
import dev.steward.workflow.session.SessionWorkflow;
import dev.steward.workflow.session.TimeslotChange;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.model.Page;
import io.micronaut.data.model.Pageable;
import io.micronaut.data.model.Sort;
import io.micronaut.http.HttpStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.failure.ApplicationFailure;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What the REST API does with sessions: validate, write the read model, talk to the session workflow. */
@Singleton
public class SessionService {

    private static final Logger log = LoggerFactory.getLogger(SessionService.class);
    private static final long FIRST_GENERATION = 1;
    /** Statuses in which the session's workflow has ended. */
    private static final Set<SessionStatus> ENDED = EnumSet.of(SessionStatus.DELETED, SessionStatus.EXPIRED, SessionStatus.FAILED);
    private static final String DESIRED_STATUSES =
            Arrays.stream(DesiredStatus.values()).map(Enum::name).collect(Collectors.joining(", "));

    private final WorkflowClient temporal;
    private final TemporalConfig temporalConfig;
    private final ReconcileConfig reconcileConfig;
    private final LifecycleConfig lifecycleConfig;
    private final SessionStore store;
    private final SessionRepository sessions;
    private final TransitionRepository transitions;
    private final SessionReadModel readModel;
    private final PartRepository parts;

    public SessionService(WorkflowClient temporal, TemporalConfig temporalConfig, ReconcileConfig reconcileConfig,
            LifecycleConfig lifecycleConfig, SessionStore store, SessionRepository sessions, TransitionRepository transitions,
            SessionReadModel readModel, PartRepository parts) {
        this.parts = parts;
        this.temporal = temporal;
        this.temporalConfig = temporalConfig;
        this.reconcileConfig = reconcileConfig;
        this.lifecycleConfig = lifecycleConfig;
        this.store = store;
        this.sessions = sessions;
        this.transitions = transitions;
        this.readModel = readModel;
    }

    public SessionView create(@Nullable SessionSpec spec) {
        List<FieldError> errors = SessionSpecValidator.validate(spec);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        UUID id = UUID.randomUUID();
        SessionRow row = store.insert(id, spec, FIRST_GENERATION, Instant.now());
        WorkflowOptions options = WorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.session(id))
                .setTaskQueue(temporalConfig.taskQueue())
                .build();
        SessionWorkflow workflow = temporal.newWorkflowStub(SessionWorkflow.class, options);
        try {
            WorkflowClient.start(workflow::run, new SessionInput(id, spec, FIRST_GENERATION,
                    reconcileConfig.settings().with(spec.restart()), lifecycleConfig.settings(), null));
        } catch (RuntimeException e) {
            store.delete(id);
            log.error("session {}: Temporal did not start its workflow", id, e);
            throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, "temporal-unavailable",
                    "the session could not be started because Temporal is unavailable; nothing was created", List.of());
        }
        log.info("session {} created for owner {} with {} parts", id, spec.owner(), spec.parts().size());
        return readModel.trees(List.of(row)).getFirst();
    }

    public SessionView get(UUID id) {
        return readModel.trees(List.of(find(id))).getFirst();
    }

    public SessionPage list(@Nullable String owner, @Nullable SessionStatus status, int page, int size) {
        Pageable pageable = Pageable.from(page, size, Sort.of(Sort.Order.desc("createdAt")));
        Page<SessionRow> rows;
        if (owner != null && status != null) {
            rows = sessions.findByOwnerAndStatus(owner, status, pageable);
        } else if (owner != null) {
            rows = sessions.findByOwner(owner, pageable);
        } else if (status != null) {
            rows = sessions.findByStatus(status, pageable);
        } else {
            rows = sessions.findAll(pageable);
        }
        return new SessionPage(readModel.trees(rows.getContent()), page, size, rows.getTotalSize());
    }

    public DesiredStatusChange setDesiredStatus(UUID id, @Nullable String requested) {
        DesiredStatus desired = parseDesiredStatus(requested);
        return update(find(id), "its desired status cannot change", workflow -> workflow.setDesiredStatus(desired));
    }

    public TimeslotChange setTimeslot(UUID id, @Nullable Timeslot timeslot) {
        List<FieldError> errors = SessionSpecValidator.validateTimeslot(timeslot, "");
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        return update(find(id), "its timeslot cannot change", workflow -> workflow.setTimeslot(timeslot));
    }

    public OperatorActionResult retryPart(UUID id, String part) {
        SessionRow row = find(id);
        if (parts.findBySessionIdInOrderByPosition(List.of(id)).stream().noneMatch(p -> p.name().equals(part))) {
            throw ApiException.notFound("part " + part + " of session " + id);
        }
        return update(row, "its parts cannot be retried", workflow -> workflow.retryPart(part));
    }

    public OperatorActionResult reconcile(UUID id) {
        return update(find(id), "it cannot be reconciled", SessionWorkflow::reconcileNow);
    }

    /** Sends an update to the session's workflow; a refusal, or a workflow that has ended, is a 409. */
    private <T> T update(SessionRow row, String refusal, Function<SessionWorkflow, T> call) {
        UUID id = row.id();
        if (ENDED.contains(row.status())) {
            throw ApiException.conflict("session " + id + " has ended " + row.status() + "; " + refusal);
        }
        SessionWorkflow workflow = temporal.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(id));
        try {
            return call.apply(workflow);
        } catch (WorkflowUpdateException rejected) {
            throw ApiException.conflict(rejectionMessage(rejected));
        } catch (WorkflowException ended) {
            throw ApiException.conflict("session " + id + " no longer runs: " + rejectionMessage(ended));
        }
    }

    /** Replaces the session's spec; pods whose spec changed are replaced, others keep their containers. */
    public SpecChange updateSpec(UUID id, @Nullable SessionSpec spec) {
        List<FieldError> errors = SessionSpecValidator.validate(spec);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        SessionRow row = find(id);
        if (row.status() == SessionStatus.DELETED) {
            throw ApiException.conflict("session " + id + " is deleted; its spec cannot change");
        }
        SessionWorkflow workflow = temporal.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(id));
        try {
            return new SpecChange(workflow.updateSpec(spec));
        } catch (WorkflowUpdateException rejected) {
            throw ApiException.conflict(rejectionMessage(rejected));
        } catch (WorkflowException ended) {
            throw ApiException.conflict("session " + id + " no longer runs: " + rejectionMessage(ended));
        }
    }

    /** Hands an operator's action to the part workflow that owns the pod. */
    public void podAction(UUID id, String part, String pod, PodAction.Kind action) {
        SessionRow row = find(id);
        boolean known = row.spec().parts().stream().filter(p -> p.name().equals(part))
                .flatMap(p -> p.pods().stream()).anyMatch(p -> p.name().equals(pod));
        if (!known) {
            throw ApiException.notFound("pod " + part + "/" + pod + " of session " + id);
        }
        try {
            temporal.newWorkflowStub(PartWorkflow.class, WorkflowIds.part(id, part)).podAction(new PodAction(pod, action));
        } catch (WorkflowNotFoundException ended) {
            throw ApiException.conflict("part " + part + " of session " + id + " no longer runs");
        }
    }

    public List<TransitionView> transitions(UUID id) {
        find(id);
        return transitions.findBySessionIdOldestFirst(id).stream().map(TransitionView::of).toList();
    }

    private SessionRow find(UUID id) {
        return sessions.findById(id).orElseThrow(() -> ApiException.notFound("session " + id));
    }

    private static DesiredStatus parseDesiredStatus(@Nullable String requested) {
        if (requested == null || requested.isBlank()) {
            throw ApiException.invalid(List.of(new FieldError("desiredStatus", "is required: one of " + DESIRED_STATUSES)));
        }
        try {
            return DesiredStatus.valueOf(requested);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(List.of(new FieldError("desiredStatus",
                    "'" + requested + "' is not a desired status: one of " + DESIRED_STATUSES)));
        }
    }

    private static String rejectionMessage(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApplicationFailure app) {
                return app.getOriginalMessage();
            }
        }
        return failure.getMessage();
    }
}
