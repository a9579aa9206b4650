package dev.steward.app.events;

import dev.steward.app.refusal.InvalidRequest;
import dev.steward.model.FieldError;
import dev.steward.store.EventRepository;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.UUID;

/** The stored events, as the API lists them. */
@Singleton
public class EventLog {

    private static final int MAX_LIMIT = 1000;

    private final EventRepository events;

    public EventLog(EventRepository events) {
        this.events = events;
    }

    /** @param owner only the events of sources acting for this owner; every event when {@code null} */
    public List<EventView> find(@Nullable String source, @Nullable String type, @Nullable UUID session,
            @Nullable String owner, int limit) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequest(new FieldError("limit", "must be between 1 and " + MAX_LIMIT));
        }
        return events.find(source, type, session == null ? null : session.toString(), owner, limit).stream()
                .map(EventView::of).toList();
    }
}
