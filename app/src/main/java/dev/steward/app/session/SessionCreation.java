package dev.steward.app.session;

import dev.steward.app.refusal.Refusal;
import dev.steward.app.refusal.TemporalUnavailable;
import dev.steward.app.refusal.WorkflowStartRefused;
import dev.steward.app.temporal.SessionWorkflowClient;
import dev.steward.app.temporal.StartFailure;
import dev.steward.contract.LogContext;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.EventCause;
import dev.steward.model.Reason;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.exceptions.DataAccessException;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes sessions: checks the spec, writes the session's rows, then starts its workflow; a start Temporal
 * does not confirm is undone, so that nothing is left half-way. A request it refuses throws a
 * {@link Refusal} and changes nothing.
 */
@Singleton
public class SessionCreation {

    private static final Logger log = LoggerFactory.getLogger(SessionCreation.class);
    private static final long FIRST_GENERATION = 1;

    private final SessionWorkflowClient workflows;
    private final SessionStore store;
    private final SessionRepository sessions;
    private final SessionReadModel readModel;
    private final SecretRefs secretRefs;
    private final PodPolicy podPolicy;

    public SessionCreation(SessionWorkflowClient workflows, SessionStore store, SessionRepository sessions,
            SessionReadModel readModel, SecretRefs secretRefs, PodPolicy podPolicy) {
        this.workflows = workflows;
        this.store = store;
        this.sessions = sessions;
        this.readModel = readModel;
        this.secretRefs = secretRefs;
        this.podPolicy = podPolicy;
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
        podPolicy.requireAllowed(spec);
        return create(id, secretRefs.stamp(spec.owner(), spec), null);
    }

    /**
     * Creates the session a CloudEvent asks for, under an id derived from the event: the event
     * dispatched again finds its session made (or, when a crash came between its rows and its workflow,
     * starts that workflow) and makes no second one.
     */
    public SessionView createOnEvent(UUID id, @Nullable SessionSpec spec, EventCause cause) {
        podPolicy.requireAllowed(spec);
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
}
