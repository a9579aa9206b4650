package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.api.TransitionView;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A slot whose cleanup deadline is closer to its end than the teardown budget, with the default budget and kill
 * margin: a 20 s slot whose deadline comes 10 s after its end runs for its 20 s, and nothing of it is left at
 * the deadline.
 */
@MicronautTest
@Property(name = "steward.lifecycle.teardown-budget", value = "2m")
@Property(name = "steward.lifecycle.kill-margin", value = "15s")
class ShortSlotIT extends SessionApiBase {

    @Test
    void aTwentySecondSlotRunsForItsTwentySeconds() {
        Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Instant endAt = start.plusSeconds(20);
        Instant deadline = endAt.plusSeconds(10);
        UUID id = api.create(Map.of(
                "owner", "short-slot",
                "parts", List.of(Specs.part("web", "server", "cache")),
                "timeslot", Map.of("endAt", endAt.toString(), "cleanupDeadline", deadline.toString()))).id();

        api.awaitStatus(id, SessionStatus.RUNNING);
        // Every look until just before the end finds it running, with both containers.
        while (Instant.now().isBefore(endAt.minusMillis(500))) {
            assertEquals(SessionStatus.RUNNING, api.get(id).status(), "status before endAt");
            assertEquals(2, engine.containersOf(id).size(), "containers before endAt");
            SessionApi.pause();
        }

        SessionApi.waitUntil(deadline);
        assertEquals(List.of(), engine.containersOf(id), "containers at the cleanup deadline");
        SessionView ended = api.awaitStatus(id, SessionStatus.EXPIRED);
        assertEquals(deadline, ended.timeslot().cleanupDeadline());
        List<TransitionView> own = api.transitions(id).stream()
                .filter(t -> t.resource().equals(id.toString()))
                .toList();
        own.stream().filter(t -> !List.of("PENDING", "PROVISIONING", "RUNNING").contains(t.to())).forEach(t ->
                assertFalse(t.occurredAt().isBefore(endAt), t.to() + " before the end, at " + t.occurredAt()));
        assertTrue(own.stream().anyMatch(t -> t.to().equals("RUNNING")), own.toString());
        assertEquals("CleanupDeadlineForced", own.getLast().reason());
    }
}
