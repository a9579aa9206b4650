package dev.steward.app.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.app.api.TransitionView;
import dev.steward.app.support.CloudEventReceiver;
import dev.steward.app.support.CloudEventReceiver.Answer;
import dev.steward.app.support.CloudEventReceiver.Received;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.app.support.SubscriptionApi;
import dev.steward.model.SessionStatus;
import dev.steward.store.SubscriptionStatus;
import dev.steward.workflow.support.Eventually;
import io.cloudevents.CloudEvent;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Subscriptions deliver every transition as a CloudEvent, at least once and in order per session, to sinks that
 * read each request with cloudevents-java ({@link CloudEventReceiver}): one sink gets every transition of a
 * session's life, in sequence order, as valid CloudEvents of the documented types with the bearer token, in
 * binary mode, and a filtered one in structured mode only what passes. A sink that answers 500 for 20 s, then
 * 429 with {@code Retry-After}, then goes away and comes back gets every event (by id) in order per session,
 * while sessions reach {@code RUNNING} at their usual speed and the subscription shows {@code FAILING} with its
 * last error meanwhile.
 */
@MicronautTest
class SubscriptionDeliveryIT extends SessionApiBase {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    EmbeddedServer server;

    @Test
    void aSinkGetsEveryTransitionOfASessionsLifeInOrder() throws Exception {
        SubscriptionApi subscriptions = new SubscriptionApi(client.toBlocking());
        try (CloudEventReceiver binary = new CloudEventReceiver(); CloudEventReceiver structured = new CloudEventReceiver()) {
            UUID all = subscriptions.create(SubscriptionApi.to(binary.url(), "binary", "tok-binary")).id();
            Map<String, Object> sessionsOnly = new LinkedHashMap<>(SubscriptionApi.to(structured.url(), "structured", "tok-structured"));
            sessionsOnly.put("filters", List.of(Map.of("exact", Map.of("type", "dev.steward.session.status.changed"))));
            UUID onlySessions = subscriptions.create(sessionsOnly).id();
            try {
                UUID id = api.create(Map.of("owner", "subscriber", "parts", List.of(Specs.part("web", "a")))).id();
                api.awaitStatus(id, SessionStatus.RUNNING);
                api.delete(id);
                api.awaitStatus(id, SessionStatus.DELETED);

                List<TransitionView> transitions = api.transitions(id);
                List<CloudEvent> delivered = Eventually.await("every transition delivered", SessionApi.DEADLINE,
                        () -> ofSession(binary, id),
                        events -> events.size() >= transitions.size()).stream().toList();
                assertEquals(transitions.size(), delivered.size(), "each transition once");
                assertInSequence(delivered);
                assertEquals(transitions.stream().map(SubscriptionDeliveryIT::change).sorted().toList(),
                        delivered.stream().map(e -> change(id, e)).sorted().toList());
                for (CloudEvent event : delivered) {
                    assertTrue(event.getType().matches("dev\\.steward\\.(session|part|pod)\\.status\\.changed"));
                    assertNotNull(event.getTime());
                }
                assertTrue(binary.received.stream().allMatch(r -> "Bearer tok-binary".equals(r.authorization())));
                assertTrue(binary.received.stream().noneMatch(r -> r.contentType().startsWith("application/cloudevents")),
                        "binary mode");
                assertTrue(binary.handshakes.get() >= 1, "the sink was asked before the first delivery");

                List<CloudEvent> sessionEvents = Eventually.await("session events delivered", SessionApi.DEADLINE,
                        () -> ofSession(structured, id),
                        events -> events.stream().anyMatch(e -> "DELETED".equals(data(e).get("to"))));
                assertTrue(sessionEvents.stream().allMatch(e -> e.getType().equals("dev.steward.session.status.changed")),
                        "the filter let only session events through");
                assertEquals(transitions.stream().filter(t -> t.kind().name().equals("SESSION")).count(), sessionEvents.size());
                assertInSequence(sessionEvents);
                assertTrue(structured.received.stream().allMatch(r -> r.contentType().startsWith("application/cloudevents+json")),
                        "structured mode");

                String shown = new RawHttp(server.getURL()).get("/api/v1/subscriptions/" + all).body();
                assertFalse(shown.contains("tok-binary"), "the token is never shown: " + shown);
                assertEquals(SubscriptionStatus.ACTIVE, subscriptions.get(all).status());
            } finally {
                subscriptions.delete(all);
                subscriptions.delete(onlySessions);
            }
        }
    }

    @Test
    void aFailingSinkGetsEverythingOnceItIsBackWhileSessionsRunAtNormalSpeed() throws Exception {
        SubscriptionApi subscriptions = new SubscriptionApi(client.toBlocking());
        try (CloudEventReceiver sink = new CloudEventReceiver()) {
            UUID subscription = subscriptions.create(SubscriptionApi.to(sink.url(), "binary", "tok")).id();
            try {
                Eventually.await("the handshake", SessionApi.DEADLINE, () -> sink.handshakes.get(), n -> n >= 1);
                sink.answer = new Answer(500, null);
                Instant failingFrom = Instant.now();
                List<UUID> sessions = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    Instant posted = Instant.now();
                    UUID id = api.create(Map.of("owner", "failing-sink", "parts", List.of(Specs.part("web", "a")))).id();
                    sessions.add(id);
                    api.awaitStatus(id, SessionStatus.RUNNING);
                    Duration startup = Duration.between(posted, Instant.now());
                    assertTrue(startup.compareTo(Duration.ofSeconds(30)) < 0,
                            "session " + i + " reached RUNNING in " + startup + " while the sink failed");
                }
                SubscriptionView failing = Eventually.await("the subscription FAILING", SessionApi.DEADLINE,
                        () -> subscriptions.get(subscription),
                        view -> view.status() == SubscriptionStatus.FAILING);
                assertTrue(failing.lastError().contains("500"), failing.lastError());
                assertTrue(sink.refused.get() > 1, "retried");
                SessionApi.waitUntil(failingFrom.plusSeconds(20));

                sink.answer = new Answer(429, "2");
                int refusedBefore = sink.refused.get();
                Eventually.await("a 429", SessionApi.DEADLINE, () -> sink.refused.get(), n -> n > refusedBefore);
                Instant tooMany = Instant.now();
                Eventually.await("a second 429", SessionApi.DEADLINE,
                        () -> sink.refused.get(), n -> n > refusedBefore + 1);
                assertTrue(Duration.between(tooMany, Instant.now()).toMillis() >= 1500,
                        "Retry-After: 2 was honoured");

                sink.goAway();
                for (UUID id : sessions) {
                    api.delete(id);
                }
                for (UUID id : sessions) {
                    api.awaitStatus(id, SessionStatus.DELETED);
                }
                Eventually.await("an error without the sink", SessionApi.DEADLINE,
                        () -> subscriptions.get(subscription).lastError(),
                        error -> error != null && error.contains("no answer"));
                sink.answer = Answer.TAKE;
                sink.comeBack();

                for (UUID id : sessions) {
                    List<TransitionView> transitions = api.transitions(id);
                    List<CloudEvent> delivered = Eventually.await("session " + id + " delivered", SessionApi.DEADLINE,
                            () -> ofSession(sink, id),
                            events -> events.stream().map(CloudEvent::getId).distinct().count() >= transitions.size());
                    Map<String, Long> copies = delivered.stream().collect(Collectors.groupingBy(CloudEvent::getId,
                            Collectors.counting()));
                    assertEquals(transitions.size(), copies.size(), "every transition, by its id");
                    assertInSequence(firstCopies(delivered));
                }
                assertEquals(SubscriptionStatus.ACTIVE, Eventually.await("ACTIVE again", SessionApi.DEADLINE,
                        () -> subscriptions.get(subscription),
                        view -> view.status() == SubscriptionStatus.ACTIVE).status());
            } finally {
                subscriptions.delete(subscription);
            }
        }
    }

    static List<CloudEvent> ofSession(CloudEventReceiver receiver, UUID sessionId) {
        return receiver.received.stream().map(Received::event)
                .filter(e -> e.getSubject().startsWith("sessions/" + sessionId)).toList();
    }

    /** Each id as first received: a redelivery repeats an id, never comes ahead of it. */
    static List<CloudEvent> firstCopies(List<CloudEvent> delivered) {
        Set<String> seen = new java.util.HashSet<>();
        return delivered.stream().filter(e -> seen.add(e.getId())).toList();
    }

    static void assertInSequence(List<CloudEvent> events) {
        List<Long> sequences = events.stream().map(e -> Long.parseLong(String.valueOf(e.getExtension("stewardsequence"))))
                .toList();
        assertEquals(sequences.stream().sorted().toList(), sequences, "in sequence order");
        assertEquals(sequences.size(), Set.copyOf(sequences).size(), "no sequence number twice");
    }

    private static String change(TransitionView t) {
        String subject = switch (t.kind()) {
            case SESSION -> "";
            case PART -> "/parts/" + t.resource();
            case POD -> "/parts/" + t.resource().replace("/", "/pods/");
        };
        return subject + " " + t.from() + ">" + t.to() + " " + t.reason();
    }

    private static String change(UUID sessionId, CloudEvent event) {
        Map<String, Object> data = data(event);
        return event.getSubject().substring(("sessions/" + sessionId).length()) + " " + data.get("from") + ">"
                + data.get("to") + " " + data.get("reason");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> data(CloudEvent event) {
        try {
            return JSON.readValue(event.getData().toBytes(), Map.class);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
