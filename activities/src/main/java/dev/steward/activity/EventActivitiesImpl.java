package dev.steward.activity;

import dev.steward.contract.EventActivities;
import dev.steward.contract.StoredEvent;
import dev.steward.model.EventCause;
import dev.steward.store.SessionEventStore;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.UUID;

/** {@link EventActivities} on the events PostgreSQL keeps with each session. */
@Singleton
public class EventActivitiesImpl implements EventActivities {

    private final SessionEventStore events;

    public EventActivitiesImpl(SessionEventStore events) {
        this.events = events;
    }

    @Override
    public void keep(UUID sessionId, List<StoredEvent> kept) {
        events.keep(sessionId, kept);
    }

    @Override
    public List<StoredEvent> data(UUID sessionId, List<EventCause> of) {
        return events.data(sessionId, of);
    }
}
