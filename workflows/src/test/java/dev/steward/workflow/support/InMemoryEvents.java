package dev.steward.workflow.support;

import dev.steward.contract.EventActivities;
import dev.steward.contract.StoredEvent;
import dev.steward.model.EventCause;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** The events PostgreSQL keeps with each session, in memory: each once by session and key, in the order kept. */
public final class InMemoryEvents implements EventActivities {

    private final Map<UUID, Map<String, StoredEvent>> bySession = new ConcurrentHashMap<>();

    @Override
    public synchronized void keep(UUID sessionId, List<StoredEvent> events) {
        Map<String, StoredEvent> kept = bySession.computeIfAbsent(sessionId, id -> new LinkedHashMap<>());
        for (StoredEvent event : events) {
            StoredEvent before = kept.get(event.cause().key());
            kept.put(event.cause().key(), before == null ? event : new StoredEvent(before.cause(),
                    before.arrived() || event.arrived(), before.data() != null ? before.data() : event.data()));
        }
    }

    @Override
    public synchronized List<StoredEvent> data(UUID sessionId, List<EventCause> events) {
        Map<String, StoredEvent> kept = bySession.getOrDefault(sessionId, Map.of());
        List<StoredEvent> found = new ArrayList<>();
        for (EventCause event : events) {
            StoredEvent stored = kept.get(event.key());
            if (stored != null && stored.arrived()) {
                found.add(stored);
            }
        }
        return found;
    }

    /** The keys of the events kept for the session, in the order they were kept, as a resume reads them. */
    public synchronized List<String> keys(UUID sessionId) {
        return List.copyOf(bySession.getOrDefault(sessionId, Map.of()).keySet());
    }

    /** The events kept for the session that parts awaited or completed on, as references, as a resume reads them. */
    public synchronized List<EventCause> arrived(UUID sessionId) {
        return bySession.getOrDefault(sessionId, Map.of()).values().stream().filter(StoredEvent::arrived)
                .map(StoredEvent::cause).toList();
    }
}
