package dev.steward.contract;

import dev.steward.model.EventCause;
import io.temporal.activity.ActivityInterface;
import java.util.List;
import java.util.UUID;

/**
 * The CloudEvents a session took, as PostgreSQL keeps them with the session: a run resumed from the read model
 * goes on with them, and a workflow reads an event's data here when it does not carry it.
 */
@ActivityInterface
public interface EventActivities {

    /**
     * Keeps the events with the session, in this order, each once: an event kept before keeps its place, and
     * becomes arrived, with its data, if it arrives now. Nothing is kept for a session without a row.
     */
    void keep(UUID sessionId, List<StoredEvent> events);

    /** Those of the events kept with the session that arrived, with their data. */
    List<StoredEvent> data(UUID sessionId, List<EventCause> events);
}
