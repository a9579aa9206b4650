package dev.steward.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.EventStreamReader.StreamEvent;
import dev.steward.app.api.TransitionView;
import dev.steward.app.support.EventStreamReader;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.SessionStatus;
import io.cloudevents.CloudEvent;
import io.micronaut.http.HttpStatus;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Status changes stream out as server-sent events, live, and a client that reconnects misses nothing: a
 * session's stream, read as a browser reads it ({@link EventStreamReader}), shows its transitions as they
 * happen; a client that disconnects and reconnects with {@code Last-Event-ID} gets exactly the events after the
 * last one it saw; the stream of all events, narrowed to the session, carries the same. Bad resume points and
 * unknown sessions are refused.
 */
@MicronautTest
class EventStreamIT extends SessionApiBase {

    private static final Duration WAIT = Duration.ofSeconds(90);

    @Inject
    EmbeddedServer server;

    @Test
    void aSessionStreamShowsItsTransitionsLiveAndResumesAfterTheLastEventSeen() throws Exception {
        RawHttp http = new RawHttp(server.getURL());
        UUID id = api.create(Map.of("owner", "streamer", "parts", List.of(Specs.part("web", "a")))).id();
        String path = "/api/v1/sessions/" + id + "/events";

        List<StreamEvent> untilRunning;
        try (EventStreamReader stream = new EventStreamReader(http, path, null)) {
            assertTrue(stream.contentType().startsWith("text/event-stream"), stream.contentType());
            untilRunning = stream.takeUntil("session RUNNING", WAIT, sessionTo("RUNNING"));
        }
        // Disconnected: what happens now must come with the resumed stream.
        assertEquals(HttpStatus.ACCEPTED, api.setDesiredStatus(id, "STOPPED"));
        api.awaitStatus(id, SessionStatus.STOPPED);

        long lastSeen = untilRunning.getLast().id();
        List<StreamEvent> resumed;
        try (EventStreamReader stream = new EventStreamReader(http, path, Long.toString(lastSeen))) {
            resumed = stream.takeUntil("session STOPPED", WAIT, sessionTo("STOPPED"));
            // Live: the deletion is recorded while the stream is open.
            assertEquals(HttpStatus.ACCEPTED, api.delete(id));
            resumed.addAll(stream.takeUntil("session DELETED", WAIT, sessionTo("DELETED")));
        }
        api.awaitStatus(id, SessionStatus.DELETED);

        assertEquals(lastSeen + 1, resumed.getFirst().id(), "the resumed stream starts right after the last event seen");
        List<StreamEvent> all = new ArrayList<>(untilRunning);
        all.addAll(resumed);
        assertEquals(LongStream.rangeClosed(1, all.size()).boxed().toList(), all.stream().map(StreamEvent::id).toList(),
                "every event once, in sequence order");
        for (StreamEvent e : all) {
            assertStatusEvent(id, e);
        }
        List<TransitionView> transitions = api.transitions(id);
        assertEquals(transitions.stream().map(EventStreamIT::change).sorted().toList(),
                all.stream().map(e -> change(id, e.event())).sorted().toList(),
                "the stream carries every recorded transition of the session");

        // The stream of every session's events, narrowed to this one, carries the same events.
        try (EventStreamReader everything = new EventStreamReader(http, "/api/v1/events/stream?session=" + id, "0")) {
            List<StreamEvent> same = everything.takeUntil("session DELETED", WAIT, sessionTo("DELETED"));
            assertEquals(all.stream().map(e -> e.event().getId()).toList(), same.stream().map(e -> e.event().getId()).toList());
            assertTrue(same.stream().map(StreamEvent::id).sorted().toList().equals(same.stream().map(StreamEvent::id).toList()),
                    "positions grow");
        }
    }

    @Test
    void badResumePointsAndUnknownSessionsAreRefused() {
        RawHttp http = new RawHttp(server.getURL());
        HttpStatus missing = HttpStatus.valueOf(http.openStream("/api/v1/sessions/" + UUID.randomUUID() + "/events", null)
                .statusCode());
        assertEquals(HttpStatus.NOT_FOUND, missing);
        assertEquals(422, http.openStream("/api/v1/events/stream", "yesterday").statusCode());
        assertEquals(422, http.openStream("/api/v1/events/stream", "-1").statusCode());
    }

    private static Predicate<StreamEvent> sessionTo(String status) {
        return e -> e.event().getType().equals("dev.steward.session.status.changed")
                && status.equals(data(e.event()).get("to"));
    }

    private void assertStatusEvent(UUID sessionId, StreamEvent e) {
        CloudEvent event = e.event();
        assertEquals("1.0", event.getSpecVersion().toString());
        assertTrue(event.getType().matches("dev\\.steward\\.(session|part|pod)\\.status\\.changed"), event.getType());
        assertTrue(event.getSubject().startsWith("sessions/" + sessionId), event.getSubject());
        assertTrue(event.getSource().toString().startsWith("/steward/it-"), event.getSource().toString());
        assertEquals(e.id(), Long.parseLong(String.valueOf(event.getExtension("stewardsequence"))));
        assertEquals(e.id(), ((Number) data(event).get("sequence")).longValue());
        assertTrue(event.getTime() != null, "time");
    }

    private static String change(TransitionView t) {
        String subject = switch (t.kind()) {
            case SESSION -> "";
            case PART -> "/parts/" + t.resource();
            case POD -> "/parts/" + t.resource().replace("/", "/pods/");
        };
        return subject + " " + t.from() + ">" + t.to() + " " + t.reason() + " " + t.generation();
    }

    private static String change(UUID sessionId, CloudEvent event) {
        Map<String, Object> data = data(event);
        return event.getSubject().substring(("sessions/" + sessionId).length()) + " " + data.get("from") + ">"
                + data.get("to") + " " + data.get("reason") + " " + data.get("generation");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> data(CloudEvent event) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readValue(event.getData().toBytes(), Map.class);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
