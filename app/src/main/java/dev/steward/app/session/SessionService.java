package dev.steward.app.session;

import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.app.refusal.PreconditionFailed;
import dev.steward.app.refusal.Refusal;
import dev.steward.app.refusal.TemporalUnavailable;
import dev.steward.app.refusal.WorkflowMissing;
import dev.steward.app.refusal.WorkflowStartRefused;
import dev.steward.app.secret.SecretRefs;
import dev.steward.app.temporal.SessionWorkflows;
import dev.steward.app.temporal.StartFailure;
import dev.steward.config.PodsConfig;
import dev.steward.contract.LogContext;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.EventCause;
import dev.steward.model.EnumText;
import dev.steward.model.FieldError;
import dev.steward.model.PodView;
import dev.steward.model.PartSpec;
import dev.steward.model.Reason;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionSpecValidator;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.store.PartRepository;
import dev.steward.store.SessionEventStore;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import dev.steward.store.TransitionRepository;
import dev.steward.store.TransitionRow;
import dev.steward.workflow.part.PodAction;
import dev.steward.workflow.session.ArrivedEvent;
import dev.steward.workflow.session.DesiredStatusChange;
import dev.steward.workflow.session.OperatorActionResult;
import dev.steward.workflow.session.SessionWorkflow;
import dev.steward.workflow.session.TimeslotChange;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.data.model.Page;
import io.micronaut.data.model.Pageable;
import io.micronaut.data.model.Sort;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What Steward does with sessions when asked: checks the request, writes the read model, hands the
 * change to the session's workflow. Every check of a session request is made here; a request it
 * refuses throws a {@link dev.steward.app.refusal.Refusal} and changes nothing.
 */
@Singleton
public class SessionService {

    private static final Logger log = LoggerFactory.getLogger(SessionService.class);
    private static final long FIRST_GENERATION = 1;
    private static final int MAX_PAGE_SIZE = 100;
    /** Statuses in which the session's workflow has ended. */
    private static final Set<SessionStatus> ENDED = EnumSet.of(SessionStatus.DELETED, SessionStatus.EXPIRED, SessionStatus.FAILED);
    private static final String DESIRED_STATUSES =
            Arrays.stream(DesiredStatus.values()).map(Enum::name).collect(Collectors.joining(", "));

    private final SessionWorkflows workflows;
    private final SessionStore store;
    private final SessionRepository sessions;
    private final TransitionRepository transitions;
    private final SessionReadModel readModel;
    private final PartRepository parts;
    private final SessionResume resume;
    private final SessionQuery query;
    private final SecretRefs secretRefs;
    private final PodsConfig pods;
    private final SessionEventStore sessionEvents;

    public SessionService(SessionWorkflows workflows, SessionStore store, SessionRepository sessions,
            TransitionRepository transitions, SessionReadModel readModel, PartRepository parts, SessionResume resume,
            SessionQuery query, SecretRefs secretRefs, PodsConfig pods, SessionEventStore sessionEvents) {
        this.sessionEvents = sessionEvents;
        this.resume = resume;
        this.query = query;
        this.secretRefs = secretRefs;
        this.pods = pods;
        this.workflows = workflows;
        this.store = store;
        this.sessions = sessions;
        this.transitions = transitions;
        this.readModel = readModel;
        this.parts = parts;
    }

    /**
     * Writes the session's rows, then starts its workflow. When Temporal does not confirm the start,
     * the creation is undone so that nothing is left half-way (see {@link #undoCreate}).
     */
    public SessionView create(@Nullable SessionSpec spec) {
        return create(spec, UUID.randomUUID());
    }

    /** As {@link #create(SessionSpec)}, under an id chosen beforehand (an Idempotency-Key's claim names it). */
    public SessionView create(@Nullable SessionSpec spec, UUID id) {
        InvalidRequest.rejectIfAny(SessionSpecValidator.validate(spec, pods.allowHostNetwork()));
        return create(id, secretRefs.stamp(spec.owner(), spec), null);
    }

    /**
     * Creates the session a CloudEvent asks for, under an id derived from the event: the event
     * dispatched again finds its session made (or, when a crash came between its rows and its workflow,
     * starts that workflow) and makes no second one.
     */
    public SessionView createOnEvent(UUID id, @Nullable SessionSpec spec, EventCause cause) {
        InvalidRequest.rejectIfAny(SessionSpecValidator.validate(spec, pods.allowHostNetwork()));
        Optional<SessionRow> made = sessions.findById(id);
        if (made.isEmpty()) {
            try {
                return create(id, secretRefs.stamp(spec.owner(), spec), cause);
            } catch (DataAccessException raced) {
                made = sessions.findById(id);
                if (made.isEmpty()) {
                    throw raced;
                }
            }
        }
        SessionRow row = made.get();
        if (row.status() == SessionStatus.PENDING && workflows.status(id).isEmpty()) {
            workflows.startOnEvent(id, row.spec(), FIRST_GENERATION, cause);
        }
        return readModel.trees(List.of(row)).getFirst();
    }

    private SessionView create(UUID id, SessionSpec spec, @Nullable EventCause cause) {
        LogContext.enter(WorkflowIds.session(id));
        try {
            SessionRows rows = store.insert(id, spec, FIRST_GENERATION, Instant.now(), cause);
            try {
                if (cause == null) {
                    workflows.start(id, spec, FIRST_GENERATION);
                } else {
                    workflows.startOnEvent(id, spec, FIRST_GENERATION, cause);
                }
            } catch (RuntimeException notConfirmed) {
                StartFailure failure = workflows.whyNotStarted(notConfirmed);
                log.warn("session {}: Temporal did not confirm the start of its workflow ({}); undoing the creation", id,
                        failure.why(), notConfirmed);
                throw undoCreate(id, failure);
            }
            log.info("session {} created for owner {} with {} parts", id, spec.owner(), spec.parts().size());
            return readModel.tree(rows);
        } finally {
            LogContext.clear();
        }
    }

    /**
     * Undoes a creation whose workflow start was not confirmed, which may or may not have happened.
     * Never a workflow without its row: the row is deleted only once Temporal confirms no workflow
     * runs. When it cannot, the session is recorded FAILED ({@code StartUnconfirmed}): ended, so
     * nothing resumes it, while a workflow that did start records over it. When PostgreSQL fails
     * too, the row stays PENDING, a session like any other that the service starts from its row.
     */
    private Refusal undoCreate(UUID id, StartFailure failure) {
        try {
            workflows.terminateIfStarted(id);
        } catch (RuntimeException unknown) {
            log.warn("session {}: Temporal cannot say whether its workflow started", id, unknown);
            return recordStartUnconfirmed(id);
        }
        try {
            store.delete(id);
            String detail = "Temporal did not start the session's workflow: " + failure.why() + ". Nothing was created";
            return failure.refused() ? new WorkflowStartRefused(detail)
                    : new TemporalUnavailable(detail + "; repeat the request later");
        } catch (RuntimeException kept) {
            log.error("session {}: no workflow runs and its rows could not be deleted", id, kept);
            return leftPending(id);
        }
    }

    private TemporalUnavailable recordStartUnconfirmed(UUID id) {
        try {
            store.recordStartUnconfirmed(id, FIRST_GENERATION,
                    "Temporal did not confirm that the session's workflow started", Instant.now());
            return new TemporalUnavailable("Temporal did not confirm the start of the workflow of session " + id
                    + " and could not be asked whether it runs: the session is recorded FAILED (reason "
                    + Reason.START_UNCONFIRMED.code() + "). Repeat the request later");
        } catch (RuntimeException kept) {
            log.error("session {}: its start is unconfirmed and could not be recorded", id, kept);
            return leftPending(id);
        }
    }

    private static TemporalUnavailable leftPending(UUID id) {
        return new TemporalUnavailable("Temporal did not start the workflow of session " + id
                + ", and PostgreSQL did not let it be undone: the session stays PENDING until the service starts it"
                + " from its row; GET /api/v1/sessions/" + id + " shows it, DELETE ends it");
    }

    /** The owner of the session; 404 when there is no such session. */
    public String ownerOf(UUID id) {
        return find(id).owner();
    }

    public SessionView get(UUID id) {
        return readModel.trees(List.of(find(id))).getFirst();
    }

    /**
     * One page of the sessions matching the filters that are given, newest first: from {@code cursor}
     * when there is one (a listing's {@code next}), else page {@code page}.
     *
     * @param statuses status names in any case, each one or several joined by commas; any of them matches
     */
    public SessionList list(@Nullable String owner, List<String> statuses, @Nullable String labelSelector,
            @Nullable String cursor, int page, int size) {
        if (page < 0) {
            throw new InvalidRequest(new FieldError("page", "must not be negative"));
        }
        if (size < 1 || size > MAX_PAGE_SIZE) {
            throw new InvalidRequest(new FieldError("size", "must be between 1 and " + MAX_PAGE_SIZE));
        }
        SessionCursor after = cursor == null || cursor.isBlank() ? null : SessionCursor.decode(cursor);
        SessionQuery.Found found = query.find(new SessionQuery.Filter(owner, parseStatuses(statuses),
                LabelSelector.parse(labelSelector), after), after == null ? page * size : 0, size);
        Map<UUID, SessionRow> rows = new HashMap<>();
        sessions.findByIdIn(found.ids()).forEach(row -> rows.put(row.id(), row));
        List<SessionRow> ordered = found.ids().stream().map(rows::get).filter(Objects::nonNull).toList();
        String next = ordered.size() < size ? null
                : new SessionCursor(ordered.getLast().createdAt(), ordered.getLast().id()).encode();
        return new SessionList(readModel.trees(ordered), found.total(), next);
    }

    private static Set<SessionStatus> parseStatuses(List<String> statuses) {
        Set<SessionStatus> parsed = EnumSet.noneOf(SessionStatus.class);
        for (String status : statuses.stream().flatMap(s -> Arrays.stream(s.split(","))).filter(s -> !s.isBlank()).toList()) {
            try {
                parsed.add(EnumText.parse(SessionStatus.class, status));
            } catch (IllegalArgumentException unknown) {
                throw new InvalidRequest(new FieldError("status", unknown.getMessage()));
            }
        }
        return parsed;
    }

    /** @param requested the desired status as the client wrote it; an unknown word is refused with the known ones */
    public DesiredStatusChange setDesiredStatus(UUID id, @Nullable String requested) {
        return changeDesiredStatus(id, parseDesiredStatus(requested));
    }

    public DesiredStatusChange delete(UUID id) {
        return changeDesiredStatus(id, DesiredStatus.DELETED);
    }

    /** Changes the desired status on behalf of a CloudEvent: the session's transitions name the event. */
    public DesiredStatusChange setDesiredStatusOnEvent(UUID id, DesiredStatus desired, EventCause cause) {
        SessionRow row = find(id);
        keep(row, cause, false, null);
        return updateRunning(row, "its desired status cannot change",
                SessionWorkflows.onEvent(cause, "setDesiredStatusOnEvent", DesiredStatusChange.class, cause, desired));
    }

    /**
     * Keeps the event with a session that has not ended, before its workflow is handed it: a run resumed from
     * the read model knows it was taken, and reads the data of one its parts await.
     */
    private void keep(SessionRow row, EventCause cause, boolean arrived, @Nullable String data) {
        if (!ENDED.contains(row.status())) {
            sessionEvents.record(row.id(), cause, arrived, data);
        }
    }

    /** Moves the timeslot on behalf of a CloudEvent. */
    public TimeslotChange setTimeslotOnEvent(UUID id, @Nullable Timeslot timeslot, EventCause cause) {
        InvalidRequest.rejectIfAny(SessionSpecValidator.validateTimeslot(timeslot, "data."));
        SessionRow row = find(id);
        keep(row, cause, false, null);
        return updateRunning(row, "its timeslot cannot change",
                SessionWorkflows.onEvent(cause, "setTimeslotOnEvent", TimeslotChange.class, cause, timeslot));
    }

    /**
     * Hands a CloudEvent addressed to the session to its workflow when some part awaits it or completes on
     * it.
     *
     * @return the names of those parts; none when no part wants the event (nothing is sent then)
     */
    public List<String> deliverEvent(UUID id, ArrivedEvent event) {
        SessionRow row = find(id);
        EventCause cause = event.cause();
        List<String> wanting = row.spec().parts().stream()
                .filter(part -> part.awaits().stream().anyMatch(a -> a.matches(cause.type(), cause.source()))
                        || (part.completesOn() != null && part.completesOn().matches(cause.type(), cause.source())))
                .map(PartSpec::name)
                .toList();
        if (wanting.isEmpty()) {
            return wanting;
        }
        if (ENDED.contains(row.status())) {
            throw new Conflict("session " + id + " has ended " + row.status() + "; its parts take no event");
        }
        // The workflow carries a reference; the data stays in PostgreSQL, read when a part that awaits it starts.
        keep(row, cause, true, event.data());
        ArrivedEvent reference = new ArrivedEvent(cause, null);
        try {
            workflows.signal(id, workflow -> workflow.eventArrived(reference));
        } catch (WorkflowMissing missing) {
            resume.ifMissing(row);
            workflows.signal(id, workflow -> workflow.eventArrived(reference));
        }
        return wanting;
    }

    private DesiredStatusChange changeDesiredStatus(UUID id, DesiredStatus desired) {
        return updateRunning(find(id), "its desired status cannot change", workflow -> workflow.setDesiredStatus(desired));
    }

    /** @param ifMatch the request's If-Match: the generation (ETag) the change is for; null for any */
    public TimeslotChange setTimeslot(UUID id, @Nullable Timeslot timeslot, @Nullable String ifMatch) {
        InvalidRequest.rejectIfAny(SessionSpecValidator.validateTimeslot(timeslot, ""));
        SessionRow row = find(id);
        requireMatch(row, ifMatch);
        return updateRunning(row, "its timeslot cannot change", workflow -> workflow.setTimeslot(timeslot));
    }

    public OperatorActionResult retryPart(UUID id, String part) {
        SessionRow row = find(id);
        if (parts.findBySessionIdInOrderByPosition(List.of(id)).stream().noneMatch(p -> p.name().equals(part))) {
            throw new NotFound("part " + part + " of session " + id);
        }
        return updateRunning(row, "its parts cannot be retried", workflow -> workflow.retryPart(part));
    }

    public OperatorActionResult reconcile(UUID id) {
        return updateRunning(find(id), "it cannot be reconciled", SessionWorkflow::reconcileNow);
    }

    /**
     * Sends an update to the workflow of a session that has not ended; one whose workflow is missing is
     * resumed from its row first (its run takes the update once it has read its input).
     */
    private <T> T updateRunning(SessionRow row, String refusal, Function<SessionWorkflow, T> call) {
        if (ENDED.contains(row.status())) {
            throw new Conflict("session " + row.id() + " has ended " + row.status() + "; " + refusal);
        }
        return updateOrResume(row, call);
    }

    private <T> T updateOrResume(SessionRow row, Function<SessionWorkflow, T> call) {
        try {
            return workflows.update(row.id(), call);
        } catch (WorkflowMissing missing) {
            resume.ifMissing(row);
            return workflows.update(row.id(), call);
        }
    }

    /**
     * Replaces the session's spec; pods whose spec changed are replaced, others keep their containers.
     *
     * @param ifMatch the request's If-Match: the generation (ETag) the change is for; null for any
     * @return the generation the new spec has
     */
    public long updateSpec(UUID id, @Nullable SessionSpec requested, @Nullable String ifMatch) {
        InvalidRequest.rejectIfAny(SessionSpecValidator.validate(requested, pods.allowHostNetwork()));
        SessionRow row = find(id);
        // The session keeps its owner whatever the new spec says: its secrets are that owner's.
        SessionSpec spec = secretRefs.stamp(row.owner(), requested);
        requireMatch(row, ifMatch);
        if (row.status() == SessionStatus.DELETED) {
            throw new Conflict("session " + id + " is deleted; its spec cannot change");
        }
        return updateOrResume(row, workflow -> workflow.updateSpec(spec));
    }

    /** Hands an operator's action to the part workflow that owns the pod. */
    public void podAction(UUID id, String part, String pod, PodAction.Kind action) {
        SessionRow row = find(id);
        boolean known = row.spec().parts().stream().filter(p -> p.name().equals(part))
                .flatMap(p -> p.instances().stream()).anyMatch(p -> p.name().equals(pod));
        if (!known) {
            throw new NotFound("pod " + part + "/" + pod + " of session " + id);
        }
        workflows.podAction(id, part, new PodAction(pod, action));
    }

    /** One pod of the session as the read model has it. */
    public PodView pod(UUID id, String part, String pod) {
        return get(id).parts().stream().filter(p -> p.name().equals(part))
                .flatMap(p -> p.pods().stream()).filter(p -> p.name().equals(pod))
                .findFirst().orElseThrow(() -> new NotFound("pod " + part + "/" + pod + " of session " + id));
    }

    /** The id of the session's workflow, or of one of its parts' when {@code part} is given. */
    public String workflowId(UUID id, @Nullable String part) {
        SessionRow row = find(id);
        if (part == null) {
            return WorkflowIds.session(id);
        }
        if (row.spec().parts().stream().noneMatch(p -> p.name().equals(part))) {
            throw new NotFound("part " + part + " of session " + id);
        }
        return WorkflowIds.part(id, part);
    }

    /** The session's recorded status changes, oldest first; @param since only those after it, when given */
    public List<TransitionRow> transitions(UUID id, @Nullable Instant since) {
        find(id);
        List<TransitionRow> all = transitions.findBySessionIdOldestFirst(id);
        return since == null ? all : all.stream().filter(t -> t.occurredAt().isAfter(since)).toList();
    }

    /** The session's ETag: its generation, which every change of spec, timeslot or desired status raises. */
    public static String etag(long generation) {
        return "\"" + generation + "\"";
    }

    /**
     * Refuses (412) a change whose If-Match names none of the session's current ETag; {@code *} and no
     * If-Match at all match any. Checked against the read model's generation, the one GET shows.
     */
    private static void requireMatch(SessionRow row, @Nullable String ifMatch) {
        if (ifMatch == null || ifMatch.isBlank() || ifMatch.trim().equals("*")) {
            return;
        }
        boolean matches = Arrays.stream(ifMatch.split(","))
                .map(tag -> tag.trim().replaceFirst("^W/", ""))
                .anyMatch(etag(row.generation())::equals);
        if (!matches) {
            throw new PreconditionFailed("session " + row.id() + " is at generation " + row.generation() + " (ETag "
                    + etag(row.generation()) + "), not " + ifMatch + ": it changed since it was read");
        }
    }

    private SessionRow find(UUID id) {
        return sessions.findById(id).orElseThrow(() -> notFound(id));
    }

    /** The refusal for a session that does not exist, or that the caller may not know of: one answer for both. */
    public static NotFound notFound(UUID id) {
        return new NotFound("session " + id);
    }

    private static DesiredStatus parseDesiredStatus(@Nullable String requested) {
        if (requested == null || requested.isBlank()) {
            throw new InvalidRequest(new FieldError("desiredStatus", "is required: one of " + DESIRED_STATUSES));
        }
        try {
            return EnumText.parse(DesiredStatus.class, requested);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequest(new FieldError("desiredStatus",
                    "'" + requested + "' is not a desired status: one of " + DESIRED_STATUSES));
        }
    }
}
