package dev.steward.workflow.session;

import dev.steward.contract.EventActivities;
import dev.steward.contract.StoredEvent;
import dev.steward.model.EventCause;
import dev.steward.model.PartSpec;
import dev.steward.workflow.ActivityDefaults;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The CloudEvents a session takes. Handlers note them (applied once, arrived for parts); the main loop keeps
 * them in PostgreSQL with the session through {@link EventActivities}, so a run resumed from the read model goes
 * on with them. The run holds a kept event's reference only, not its data (Temporal limits what a run
 * carries); a part's pods get the events they awaited, their data read back from PostgreSQL.
 */
final class SessionEvents {

    /** The most event data one keep carries, in characters: well under Temporal's payload limit. */
    private static final int DATA_CHARS_PER_KEEP = 512 * 1024;

    private final UUID sessionId;
    private final SessionState state;
    private final EventActivities activities =
            Workflow.newActivityStub(EventActivities.class, ActivityDefaults.database(Duration.ofSeconds(30)));
    /** Taken by handlers and not kept yet, oldest first: the loop keeps them before the run ends or continues. */
    private final List<StoredEvent> unkept = new ArrayList<>();

    SessionEvents(UUID sessionId, SessionState state) {
        this.sessionId = sessionId;
        this.state = state;
    }

    /** Whether the event applies to the session, not applied before; from now on it counts as applied. */
    boolean applyOnce(EventCause event) {
        if (!state.applyOnce(event)) {
            return false;
        }
        unkept.add(new StoredEvent(event, false, null));
        return true;
    }

    /** Takes an event for the parts that await or complete on it, unless it was taken before; @return whether it was not */
    boolean arrive(ArrivedEvent event) {
        if (!state.applyOnce(event.cause())) {
            return false;
        }
        state.arrive(event);
        unkept.add(new StoredEvent(event.cause(), true, event.data()));
        return true;
    }

    boolean anyUnkept() {
        return !unkept.isEmpty();
    }

    /**
     * Keeps what handlers took in PostgreSQL, in the order they took it; handlers may take more meanwhile. The
     * run then holds a kept event's reference only: the state it carries stays small.
     */
    void keep() {
        while (!unkept.isEmpty()) {
            List<StoredEvent> batch = nextBatch();
            activities.keep(sessionId, batch);
            unkept.subList(0, batch.size()).clear();
            dropData(batch);
        }
    }

    private void dropData(List<StoredEvent> kept) {
        Set<String> keys = new HashSet<>();
        kept.stream().filter(event -> event.data() != null).forEach(event -> keys.add(event.cause().key()));
        state.arrivedEvents.replaceAll(event -> keys.contains(event.cause().key())
                ? new ArrivedEvent(event.cause(), null) : event);
    }

    /**
     * The part with each pod's env holding the events it awaited; the data of those the run holds as references
     * (kept ones, and all of a resumed run's) is read from PostgreSQL.
     */
    PartSpec withEvents(PartSpec part) {
        List<EventCause> withoutData = part.awaits().stream()
                .map(await -> EventEnv.match(await, state.arrivedEvents))
                .flatMap(Optional::stream)
                .filter(event -> event.data() == null)
                .map(ArrivedEvent::cause)
                .distinct()
                .toList();
        if (withoutData.isEmpty()) {
            return EventEnv.withEvents(part, state.arrivedEvents);
        }
        Map<String, String> data = new HashMap<>();
        activities.data(sessionId, withoutData).stream().filter(event -> event.data() != null)
                .forEach(event -> data.put(event.cause().key(), event.data()));
        List<ArrivedEvent> arrived = state.arrivedEvents.stream()
                .map(event -> event.data() == null && data.containsKey(event.cause().key())
                        ? new ArrivedEvent(event.cause(), data.get(event.cause().key())) : event)
                .toList();
        return EventEnv.withEvents(part, arrived);
    }

    /** The oldest unkept events up to the data one keep carries; at least one. */
    private List<StoredEvent> nextBatch() {
        int chars = 0;
        int size = 0;
        for (StoredEvent event : unkept) {
            int dataChars = event.data() == null ? 0 : event.data().length();
            if (size > 0 && chars + dataChars > DATA_CHARS_PER_KEEP) {
                break;
            }
            chars += dataChars;
            size++;
        }
        return List.copyOf(unkept.subList(0, size));
    }
}
