package dev.steward.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.EventDeliveries;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import io.cloudevents.CloudEvent;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Each event source is held to its rate, here 6 deliveries a minute with a burst of 2: the handshake answers
 * {@code WebHook-Allowed-Rate: 6}; a source's third delivery at once is a 429 problem with {@code Retry-After}
 * and stores nothing; another source delivers meanwhile as if nothing happened.
 */
@MicronautTest
@Property(name = "steward.events.rate.per-minute", value = "6")
@Property(name = "steward.events.rate.burst", value = "2")
class EventRateIT {

    @Inject
    EmbeddedServer server;

    @Test
    void aSourceBeyondItsRateIsRefusedAndOthersAreNot() {
        EventDeliveries events = new EventDeliveries(new RawHttp(server.getURL()));
        String run = UUID.randomUUID().toString().substring(0, 8);
        String busy = "https://busy.example.com/" + run + "/";
        String quiet = "https://quiet.example.com/" + run + "/";
        String busyToken = events.registerSource("busy-" + run, busy, List.of("busy.example.com"));
        String quietToken = events.registerSource("quiet-" + run, quiet, List.of("quiet.example.com"));
        try {
            assertEquals("6", events.handshake(busyToken, "busy.example.com").header("WebHook-Allowed-Rate"));

            assertEquals(202, events.binary(busyToken, ping(busy)).status());
            assertEquals(202, events.binary(busyToken, ping(busy)).status());
            CloudEvent third = ping(busy);
            RawAnswer refused = events.binary(busyToken, third);
            assertEquals(429, refused.status(), refused.toString());
            assertTrue(refused.isProblem() && refused.body().contains("/problems/rate-limited"), refused.toString());
            int retryAfter = Integer.parseInt(refused.header("Retry-After"));
            assertTrue(retryAfter >= 1 && retryAfter <= 10, "a token comes back within 10 s: " + retryAfter);
            assertTrue(events.stored(busy + "ping").stream().noneMatch(e -> e.get("id").asText().equals(third.getId())),
                    "nothing of the refused delivery is stored");

            assertEquals(202, events.binary(quietToken, ping(quiet)).status(), "another source is not held back");
        } finally {
            events.deleteSource("busy-" + run);
            events.deleteSource("quiet-" + run);
        }
    }

    private static CloudEvent ping(String source) {
        return EventDeliveries.event(source + "ping", "com.example.ping", null, null);
    }
}
