package dev.steward.workflow;

import dev.steward.contract.EventActivities;
import dev.steward.contract.StoredEvent;
import dev.steward.model.EventAwait;
import dev.steward.model.EventCause;
import dev.steward.workflow.session.ArrivedEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The events PostgreSQL keeps with each session, in memory: a test stores an event here, as the service does
 * before it hands the session the event's reference.
 */
public final class InMemoryEvents implements EventActivities {

    private final Map<UUID, List<ArrivedEvent>> bySession = new ConcurrentHashMap<>();

    /** Keeps the event for the session, once; @return what the session is signalled: the event without its data */
    public ArrivedEvent arrive(UUID sessionId, ArrivedEvent event) {
        List<ArrivedEvent> events = bySession.computeIfAbsent(sessionId, id -> new CopyOnWriteArrayList<>());
        if (events.stream().noneMatch(e -> e.cause().key().equals(event.cause().key()))) {
            events.add(event);
        }
        return new ArrivedEvent(event.cause(), null);
    }

    @Override
    public List<StoredEvent> firstArrived(UUID sessionId, List<EventAwait> awaits) {
        List<ArrivedEvent> events = bySession.getOrDefault(sessionId, List.of());
        List<StoredEvent> first = new ArrayList<>();
        for (EventAwait await : awaits) {
            events.stream().filter(e -> await.matches(e.cause().type(), e.cause().source())).findFirst()
                    .filter(e -> first.stream().noneMatch(f -> f.id().equals(e.cause().id())
                            && f.source().equals(e.cause().source())))
                    .ifPresent(e -> first.add(new StoredEvent(e.cause().source(), e.cause().id(), e.cause().type(),
                            e.data())));
        }
        first.sort((x, y) -> Integer.compare(indexOf(events, x), indexOf(events, y)));
        return first;
    }

    /** The keys of the events kept for the session, in the order they were kept, as a resume reads them. */
    public List<String> keys(UUID sessionId) {
        return bySession.getOrDefault(sessionId, List.of()).stream().map(e -> e.cause().key()).toList();
    }

    /** The events kept for the session that parts awaited or completed on, as references, as a resume reads them. */
    public List<EventCause> arrived(UUID sessionId) {
        return bySession.getOrDefault(sessionId, List.of()).stream().map(ArrivedEvent::cause).toList();
    }

    private static int indexOf(List<ArrivedEvent> events, StoredEvent event) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).cause().id().equals(event.id()) && events.get(i).cause().source().equals(event.source())) {
                return i;
            }
        }
        return -1;
    }
}
