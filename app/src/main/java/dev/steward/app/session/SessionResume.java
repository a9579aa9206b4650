package dev.steward.app.session;

import dev.steward.app.temporal.NamespaceRegistration;
import dev.steward.app.temporal.SessionWorkflowClient;
import dev.steward.app.temporal.WorkflowPresence;
import dev.steward.model.SessionSpec;
import dev.steward.model.Timeslot;
import dev.steward.store.SessionEventStore;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import dev.steward.workflow.session.ResumedFrom;
import jakarta.inject.Singleton;
import java.util.UUID;

/**
 * PostgreSQL is the record: a session whose workflow is missing from Temporal gets a new run from its
 * row, at its stored spec, desired status, generation and timeslot. The run adopts the containers and
 * placements it finds (their names and labels are deterministic), and one past its cleanup deadline
 * goes straight to its kill path.
 *
 * <p>Resumes come from every worker's sweep and from API calls at once. They take turns ({@link ResumeLock}),
 * and each asks Temporal again and reads the row again once it holds the lock, so a resume that saw the workflow
 * missing before another one resumed it does nothing; and none ends a part whose session run is open.
 */
@Singleton
public class SessionResume {

    /** As many events as a session's workflow keeps the keys of: redeliveries come soon after the first. */
    private static final int EVENTS_KEPT = 200;

    private final SessionWorkflowClient workflows;
    private final NamespaceRegistration namespace;
    private final ResumeLock lock;
    private final SessionRepository sessions;
    private final SessionEventStore events;

    public SessionResume(SessionWorkflowClient workflows, NamespaceRegistration namespace, ResumeLock lock,
            SessionRepository sessions, SessionEventStore events) {
        this.events = events;
        this.workflows = workflows;
        this.namespace = namespace;
        this.lock = lock;
        this.sessions = sessions;
    }

    /** Resumes the session if its workflow is missing; @return whether this call started a run */
    public boolean ifMissing(SessionRow row) {
        if (!WorkflowPresence.missing(workflows.status(row.id()))) {
            return false;
        }
        return lock.holding(row.id(), () -> resumeHoldingTheLock(row.id()));
    }

    private boolean resumeHoldingTheLock(UUID id) {
        // Another sweep or request may have resumed it while this one waited, or changed its row.
        if (!WorkflowPresence.missing(workflows.status(id))) {
            return false;
        }
        SessionRow row = sessions.findById(id).orElse(null);
        if (row == null) {
            return false;
        }
        // A Temporal that lost the workflow may have lost the namespace and its search attributes with it.
        namespace.ensure();
        row.spec().parts().forEach(part -> workflows.terminateOrphanedPart(id, part.name()));
        // The events the lost run took: one dispatched again changes nothing, and parts find those they await.
        return workflows.resume(id, specOf(row), row.generation(), new ResumedFrom(row.status(),
                row.observedGeneration(), events.keys(id, EVENTS_KEPT), events.arrived(id, EVENTS_KEPT)));
    }

    /** The spec as the session has it now: the desired status and timeslot change after creation. */
    static SessionSpec specOf(SessionRow row) {
        SessionSpec created = row.spec();
        return new SessionSpec(created.owner(), row.desiredStatus(), created.parts(),
                new Timeslot(row.provisionAt(), row.startAt(), row.endAt(), row.cleanupDeadline()), created.restart(),
                created.labels(), created.volumes());
    }
}
