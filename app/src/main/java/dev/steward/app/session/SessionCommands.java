package dev.steward.app.session;

import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.app.refusal.NotFound;
import dev.steward.app.refusal.WorkflowMissing;
import dev.steward.app.temporal.SessionWorkflowClient;
import dev.steward.model.DesiredStatus;
import dev.steward.model.EnumText;
import dev.steward.model.EventCause;
import dev.steward.model.FieldError;
import dev.steward.model.PartSpec;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionSpecValidator;
import dev.steward.model.SessionStatus;
import dev.steward.model.Timeslot;
import dev.steward.store.PartRepository;
import dev.steward.store.SessionRow;
import dev.steward.workflow.part.PodAction;
import dev.steward.workflow.session.ArrivedEvent;
import dev.steward.workflow.session.DesiredStatusChange;
import dev.steward.workflow.session.OperatorActionResult;
import dev.steward.workflow.session.SessionWorkflow;
import dev.steward.workflow.session.TimeslotChange;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What Steward does with a session when asked: checks the request and the session's row, then hands
 * the change to the session's workflow as an update (or a signal), resuming a workflow Temporal lost
 * from its row first. A request it refuses throws a {@link dev.steward.app.refusal.Refusal} and changes
 * nothing.
 */
@Singleton
public class SessionCommands {

    /** Statuses in which the session's workflow has ended. */
    private static final String DESIRED_STATUSES =
            Arrays.stream(DesiredStatus.values()).map(Enum::name).collect(Collectors.joining(", "));

    private final SessionWorkflowClient workflows;
    private final SessionReads reads;
    private final PartRepository parts;
    private final SessionResume resume;
    private final SecretRefs secretRefs;
    private final PodPolicy podPolicy;
    private final OwnerQuotas quotas;

    public SessionCommands(SessionWorkflowClient workflows, SessionReads reads, PartRepository parts,
            SessionResume resume, SecretRefs secretRefs, PodPolicy podPolicy, OwnerQuotas quotas) {
        this.workflows = workflows;
        this.reads = reads;
        this.parts = parts;
        this.resume = resume;
        this.secretRefs = secretRefs;
        this.podPolicy = podPolicy;
        this.quotas = quotas;
    }

    /**
     * @param requested the desired status as the client wrote it; an unknown word is refused with the known ones
     * @param key the request's Idempotency-Key, if it has one: a repeat under it applies once
     */
    public DesiredStatusChange setDesiredStatus(UUID id, @Nullable String requested, @Nullable IdempotencyKey key) {
        return changeDesiredStatus(id, parseDesiredStatus(requested), key);
    }

    public DesiredStatusChange delete(UUID id, @Nullable IdempotencyKey key) {
        return changeDesiredStatus(id, DesiredStatus.DELETED, key);
    }

    /** Changes the desired status on behalf of a CloudEvent: the session's transitions name the event. */
    public DesiredStatusChange setDesiredStatusOnEvent(UUID id, DesiredStatus desired, EventCause cause) {
        return updateRunning(reads.row(id), "its desired status cannot change",
                SessionWorkflowClient.onEvent(cause, "setDesiredStatusOnEvent", DesiredStatusChange.class, cause, desired));
    }

    /** Moves the timeslot on behalf of a CloudEvent. */
    public TimeslotChange setTimeslotOnEvent(UUID id, @Nullable Timeslot timeslot, EventCause cause) {
        InvalidRequest.rejectIfAny(SessionSpecValidator.validateTimeslot(timeslot, "data."));
        return updateRunning(reads.row(id), "its timeslot cannot change",
                SessionWorkflowClient.onEvent(cause, "setTimeslotOnEvent", TimeslotChange.class, cause, timeslot));
    }

    /**
     * Hands a CloudEvent addressed to the session to its workflow when some part awaits it or completes on
     * it.
     *
     * @return the names of those parts; none when no part wants the event (nothing is sent then)
     */
    public List<String> deliverEvent(UUID id, ArrivedEvent event) {
        SessionRow row = reads.row(id);
        EventCause cause = event.cause();
        List<String> wanting = row.spec().parts().stream()
                .filter(part -> part.awaits().stream().anyMatch(a -> a.matches(cause.type(), cause.source()))
                        || (part.completesOn() != null && part.completesOn().matches(cause.type(), cause.source())))
                .map(PartSpec::name)
                .toList();
        if (wanting.isEmpty()) {
            return wanting;
        }
        if (row.status().ended()) {
            throw new Conflict("session " + id + " has ended " + row.status() + "; its parts take no event");
        }
        try {
            workflows.signal(id, workflow -> workflow.eventArrived(event));
        } catch (WorkflowMissing missing) {
            resume.ifMissing(row);
            workflows.signal(id, workflow -> workflow.eventArrived(event));
        }
        return wanting;
    }

    private DesiredStatusChange changeDesiredStatus(UUID id, DesiredStatus desired, @Nullable IdempotencyKey key) {
        return updateRunning(reads.row(id), "its desired status cannot change",
                update(key, "setDesiredStatus", DesiredStatusChange.class, desired));
    }

    public TimeslotChange setTimeslot(UUID id, @Nullable Timeslot timeslot, @Nullable IdempotencyKey key) {
        InvalidRequest.rejectIfAny(SessionSpecValidator.validateTimeslot(timeslot, ""));
        SessionRow row = reads.row(id);
        return updateRunning(row, "its timeslot cannot change", update(key, "setTimeslot", TimeslotChange.class, timeslot));
    }

    public OperatorActionResult retryPart(UUID id, String part, @Nullable IdempotencyKey key) {
        SessionRow row = reads.row(id);
        if (parts.findBySessionIdInOrderByPosition(List.of(id)).stream().noneMatch(p -> p.name().equals(part))) {
            throw new NotFound("part " + part + " of session " + id);
        }
        return updateRunning(row, "its parts cannot be retried", update(key, "retryPart", OperatorActionResult.class, part));
    }

    public OperatorActionResult reconcile(UUID id, @Nullable IdempotencyKey key) {
        return updateRunning(reads.row(id), "it cannot be reconciled", update(key, "reconcileNow", OperatorActionResult.class));
    }

    /** The update {@code updateName} of the session's workflow, under an id derived from {@code key} when there is one. */
    private static <T> Function<SessionWorkflow, T> update(@Nullable IdempotencyKey key, String updateName,
            Class<T> result, Object... args) {
        return SessionWorkflowClient.withId(IdempotencyKey.updateIdOf(key, updateName), updateName, result, args);
    }

    /**
     * Sends an update to the workflow of a session that has not ended; one whose workflow is missing is
     * resumed from its row first (its run takes the update once it has read its input).
     */
    private <T> T updateRunning(SessionRow row, String refusal, Function<SessionWorkflow, T> call) {
        if (row.status().ended()) {
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
     * @return the generation the new spec has
     */
    public long updateSpec(UUID id, @Nullable SessionSpec requested, @Nullable IdempotencyKey key) {
        podPolicy.requireAllowed(requested);
        SessionRow row = reads.row(id);
        // The session keeps its owner whatever the new spec says: its secrets are that owner's.
        SessionSpec spec = secretRefs.stamp(row.owner(), requested);
        if (row.status() == SessionStatus.DELETED) {
            throw new Conflict("session " + id + " is deleted; its spec cannot change");
        }
        quotas.requireRoomForChange(id, spec);
        return updateOrResume(row, update(key, "updateSpec", Long.class, spec));
    }

    /** Hands an operator's action to the part workflow that owns the pod. */
    public void podAction(UUID id, String part, String pod, PodAction.Kind action) {
        SessionRow row = reads.row(id);
        boolean known = row.spec().parts().stream().filter(p -> p.name().equals(part))
                .flatMap(p -> p.instances().stream()).anyMatch(p -> p.name().equals(pod));
        if (!known) {
            throw new NotFound("pod " + part + "/" + pod + " of session " + id);
        }
        workflows.podAction(id, part, new PodAction(pod, action));
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
