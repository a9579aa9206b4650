package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.Container;
import dev.steward.app.api.TransitionView;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The timeslot on the real engine, in real time: a slot of 20 s. */
@MicronautTest
class SessionTimeslotIT extends SessionApiBase {

    /** How late after the deadline the first look at the engine may come and still count as "at" it. */
    private static final Duration AT_THE_DEADLINE = Duration.ofSeconds(1);

    @Test
    void atTheCleanupDeadlineNoContainerOfTheSessionExists() {
        Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Instant endAt = start.plusSeconds(10);
        Instant deadline = start.plusSeconds(20);
        SessionView created = api.create(Map.of(
                "owner", "timeslot",
                "parts", List.of(Specs.part("web", "server", "cache")),
                "timeslot", Map.of("endAt", endAt.toString(), "cleanupDeadline", deadline.toString())));
        UUID id = created.id();

        api.awaitStatus(id, SessionStatus.RUNNING);
        assertEquals(2, engine.containersOf(id).size());

        SessionApi.waitUntil(deadline);
        List<Container> atDeadline = engine.containersOf(id);
        Instant looked = Instant.now();

        assertTrue(Duration.between(deadline, looked).compareTo(AT_THE_DEADLINE) < 0,
                "looked too late to count: " + Duration.between(deadline, looked));
        assertEquals(List.of(), atDeadline, "containers at the cleanup deadline");
        SessionView ended = api.awaitStatus(id, SessionStatus.DELETED);
        assertEquals(endAt, ended.timeslot().endAt());
        List<String> reasons = api.transitions(id).stream()
                .filter(t -> t.resource().equals(id.toString()))
                .map(TransitionView::reason)
                .toList();
        assertTrue(reasons.contains("TimeslotEnded"), reasons.toString());
        assertEquals("CleanupDeadline", reasons.getLast());

        HttpClientResponseException refused = assertThrows(HttpClientResponseException.class,
                () -> api.setDesiredStatus(id, "RUNNING"));
        assertEquals(HttpStatus.CONFLICT, refused.getStatus());
        assertEquals(List.of(), engine.containersOf(id));
    }
}
