package dev.steward.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.steward.app.support.DurableService;
import dev.steward.app.support.EventDeliveries;
import dev.steward.app.support.Specs;
import dev.steward.model.Reason;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import io.cloudevents.CloudEvent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A service killed (SIGKILL) after it stored events and before it dispatched them: once after it stored an event
 * it was not to dispatch ({@code STEWARD_EVENTS_DISPATCH_ENABLED=false}), and once right after answering five
 * more. After the restart each event has taken effect exactly once: one session, one container per pod, one
 * creation transition, however far the killed process got.
 */
class EventCrashIT {

    private static final String CREATE = "dev.steward.session.create";

    @Test
    void eventsStoredBeforeAKillTakeEffectOnceAfterTheRestart() throws IOException {
        try (DurableService durable = new DurableService("eventcrash")) {
            String prefix = "https://crash.example.com/" + durable.run + "/";
            String owner = "event-crash-" + durable.run;
            // A process that stores events and leaves their dispatch to others: killed, nothing was dispatched.
            durable.startService(Map.of("STEWARD_EVENTS_DISPATCH_ENABLED", "false"));
            EventDeliveries events = new EventDeliveries(durable.http());
            String token = events.registerSource("crash", prefix, List.of(), Map.of("owner", owner, "types", List.of(CREATE)));
            CloudEvent stored = EventDeliveries.event(prefix + "stored", CREATE, null, spec(owner));
            assertEquals(202, events.binary(token, stored).status());
            JsonNode waiting = events.stored(prefix + "stored").getFirst();
            assertTrue(waiting.path("dispatchedAt").isMissingNode() || waiting.path("dispatchedAt").isNull(),
                    waiting.toString());
            durable.killService();

            // A process that dispatches, killed right after its answers: whatever it dispatched or not.
            durable.startService(Map.of("STEWARD_EVENTS_LEASE", "3s"));
            events = new EventDeliveries(durable.http());
            List<CloudEvent> burst = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                CloudEvent event = EventDeliveries.event(prefix + "burst", CREATE, null, spec(owner));
                burst.add(event);
                assertEquals(202, events.structured(token, event).status());
            }
            durable.killService();

            durable.startService(Map.of("STEWARD_EVENTS_LEASE", "3s"));
            events = new EventDeliveries(durable.http());
            List<CloudEvent> all = new ArrayList<>(burst);
            all.add(stored);
            assertEquals(200, events.binary(token, stored).status(), "a redelivery after the restart");
            List<UUID> ids = all.stream().map(e -> EventActions.sessionIdOf(e.getSource().toString(), e.getId())).toList();
            for (UUID id : ids) {
                durable.api(api -> {
                    api.awaitCreated(id);
                    return api.awaitConverged(id, SessionStatus.RUNNING);
                });
            }
            for (CloudEvent event : all) {
                JsonNode dispatched = events.awaitDispatched(event.getSource().toString(), event.getId());
                assertTrue(dispatched.get("matched").asBoolean(), dispatched.toString());
            }
            List<SessionView> sessions = durable.api(api -> api.listByOwner(owner));
            assertEquals(ids.stream().sorted().toList(), sessions.stream().map(SessionView::id).sorted().toList(),
                    "one session per event, none twice");
            for (UUID id : ids) {
                assertEquals(1, durable.engine.containersOf(id).size(), "one container for session " + id);
                long creations = durable.api(api -> api.transitions(id)).stream()
                        .filter(t -> Reason.EVENT.code().equals(t.reason()) && t.from() == null).count();
                assertEquals(1, creations, "session " + id + " was created once");
            }
            for (UUID id : ids) {
                durable.api(api -> {
                    api.delete(id);
                    return api.awaitStatus(id, SessionStatus.DELETED);
                });
            }
        }
    }

    private static Map<String, Object> spec(String owner) {
        return Map.of("owner", owner, "parts", List.of(Specs.part("main", "sleeper")));
    }
}
