package dev.steward.app.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.api.TransitionView;
import dev.steward.app.support.CloudEventReceiver;
import dev.steward.app.support.CloudEventReceiver.Received;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.app.support.SubscriptionApi;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.Eventually;
import io.cloudevents.CloudEvent;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A service stopped in the middle of delivering, and another started after it, deliver every event: the
 * delivery state lives in PostgreSQL. This test's own service runs the session and delivers nothing; the
 * delivering services are application contexts of their own on the same database.
 */
@MicronautTest
@Property(name = "steward.delivery.enabled", value = "false")
class DeliveryRestartIT extends SessionApiBase {

    /** A service that delivers and does nothing else: no Temporal worker, no host of its own. */
    private static ApplicationContext deliveringService() {
        return ApplicationContext.builder().environments("test").properties(Map.of(
                "steward.worker.enabled", "false",
                "steward.hosts.register-local", "false",
                "steward.retention.enabled", "false",
                "micronaut.server.port", "-1")).start();
    }

    @Test
    void aRestartInTheMiddleOfDeliveringLosesNothing() throws Exception {
        SubscriptionApi subscriptions = new SubscriptionApi(client.toBlocking());
        try (CloudEventReceiver sink = new CloudEventReceiver()) {
            sink.slowness = Duration.ofSeconds(1);
            UUID subscription = subscriptions.create(SubscriptionApi.to(sink.url(), "binary", "tok")).id();
            try {
                UUID id = api.create(Map.of("owner", "restart", "parts", List.of(Specs.part("web", "a", "b")))).id();
                api.awaitStatus(id, SessionStatus.RUNNING);
                api.delete(id);
                api.awaitStatus(id, SessionStatus.DELETED);
                List<TransitionView> transitions = api.transitions(id);

                int deliveredBeforeRestart;
                try (ApplicationContext first = deliveringService()) {
                    deliveredBeforeRestart = Eventually.await("a few events delivered", SessionApi.DEADLINE,
                            () -> ids(sink, id).size(),
                            n -> n >= 2);
                }
                int afterStop = ids(sink, id).size();
                assertTrue(afterStop < transitions.size(),
                        "stopped in the middle: " + afterStop + " of " + transitions.size() + " delivered");

                sink.slowness = Duration.ZERO;
                try (ApplicationContext second = deliveringService()) {
                    Eventually.await("every event delivered after the restart", SessionApi.DEADLINE,
                            () -> ids(sink, id),
                            ids -> ids.size() >= transitions.size());
                }
                List<CloudEvent> delivered = SubscriptionDeliveryIT.ofSession(sink, id);
                Map<String, Long> copies = delivered.stream().collect(Collectors.groupingBy(CloudEvent::getId,
                        Collectors.counting()));
                assertEquals(transitions.size(), copies.size(), "every transition, by its id");
                assertTrue(copies.values().stream().allMatch(n -> n <= 2), "at most one redelivery: " + copies);
                SubscriptionDeliveryIT.assertInSequence(SubscriptionDeliveryIT.firstCopies(delivered));
                assertTrue(deliveredBeforeRestart >= 2);
            } finally {
                subscriptions.delete(subscription);
            }
        }
    }

    private static Set<String> ids(CloudEventReceiver sink, UUID sessionId) {
        return sink.received.stream().map(Received::event).filter(e -> e.getSubject().startsWith("sessions/" + sessionId))
                .map(CloudEvent::getId).collect(Collectors.toSet());
    }
}
