package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.events.StewardEventTypes;
import dev.steward.app.http.problem.Problem;
import dev.steward.app.support.EventDeliveries;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.Refusals;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.FieldError;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import io.cloudevents.CloudEvent;
import io.micronaut.context.annotation.Property;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The quotas per owner, at 2 live sessions and 5 pods: a third session is a 429 naming the live-sessions
 * quota (and a CloudEvent that would create it is dispatched with a refusal as its outcome), a spec with 6 pods
 * alone a 422 naming {@code parts}, a session or a spec change whose pods do not fit beside the owner's others a
 * 429 naming the pods quota, and none of them creates or changes anything. Six creations at once for one owner
 * make two sessions, no more. A session that ends gives its room back.
 */
@MicronautTest
@Property(name = "steward.quotas.live-sessions-per-owner", value = "2")
@Property(name = "steward.quotas.pods-per-owner", value = "5")
class QuotaIT extends SessionApiBase {

    @Inject
    EmbeddedServer server;

    @Test
    void anOwnerHoldsNoMoreThanItsQuotas() {
        BlockingHttpClient http = client.toBlocking();
        String owner = "quota-" + UUID.randomUUID().toString().substring(0, 8);
        UUID first = api.create(of(owner, 2)).id();
        UUID second = api.create(of(owner, 2)).id();
        try {
            Problem sessions = Refusals.refused(http, HttpRequest.POST("/api/v1/sessions", of(owner, 1)),
                    HttpStatus.TOO_MANY_REQUESTS);
            assertTrue(sessions.type().endsWith("/problems/quota-exceeded"), sessions.type());
            assertTrue(sessions.detail().contains("steward.quotas.live-sessions-per-owner (2)"), sessions.detail());
            String outcome = refusedByEvent(owner);
            assertTrue(outcome.contains("refused: owner " + owner + " has 2 live sessions"), outcome);

            Problem never = Refusals.refused(http, HttpRequest.POST("/api/v1/sessions", of(owner, 6)),
                    HttpStatus.UNPROCESSABLE_ENTITY);
            assertEquals(List.of("parts"), never.errors().stream().map(FieldError::field).toList());
            assertTrue(never.errors().getFirst().message().contains("steward.quotas.pods-per-owner is 5"), never.toString());
            assertEquals(2, api.listByOwner(owner).size(), "nothing created");

            end(second);
            Problem pods = Refusals.refused(http, HttpRequest.POST("/api/v1/sessions", of(owner, 4)),
                    HttpStatus.TOO_MANY_REQUESTS);
            assertTrue(pods.detail().contains("steward.quotas.pods-per-owner (5)"), pods.detail());
            UUID third = api.create(of(owner, 3)).id();

            long generation = api.get(third).generation();
            Problem change = Refusals.refused(http, HttpRequest.PUT("/api/v1/sessions/" + third + "/spec", of(owner, 4)),
                    HttpStatus.TOO_MANY_REQUESTS);
            assertTrue(change.detail().contains("steward.quotas.pods-per-owner (5)"), change.detail());
            assertEquals(generation, api.get(third).generation(), "the spec is unchanged");
            end(third);
        } finally {
            end(first);
        }
    }

    @Test
    void creationsAtOnceCannotPassTheQuotaTogether() throws Exception {
        String owner = "quota-race-" + UUID.randomUUID().toString().substring(0, 8);
        ExecutorService senders = Executors.newFixedThreadPool(6);
        List<UUID> created = new ArrayList<>();
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                answers.add(senders.submit(() -> {
                    try {
                        SessionView made = api.create(of(owner, 1));
                        synchronized (created) {
                            created.add(made.id());
                        }
                        return 201;
                    } catch (HttpClientResponseException refused) {
                        return refused.getStatus().getCode();
                    }
                }));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get());
            }
            assertEquals(2, statuses.stream().filter(s -> s == 201).count(), statuses.toString());
            assertEquals(4, statuses.stream().filter(s -> s == 429).count(), statuses.toString());
            assertEquals(2, api.listByOwner(owner).size());
        } finally {
            senders.shutdown();
            created.forEach(this::end);
        }
    }

    /** The outcome of a CloudEvent that asks for a session of {@code owner}. */
    private String refusedByEvent(String owner) {
        EventDeliveries events = new EventDeliveries(new RawHttp(server.getURL()));
        String source = "https://quota.example.com/" + owner + "/";
        String token = events.registerSource(owner, source, List.of(),
                Map.of("owner", owner, "types", List.of(StewardEventTypes.CREATE)));
        try {
            CloudEvent create = EventDeliveries.event(source + "ci", StewardEventTypes.CREATE, null, of(owner, 1));
            assertEquals(202, events.binary(token, create).status());
            return events.awaitDispatched(source + "ci", create.getId()).path("outcome").asText();
        } finally {
            events.deleteSource(owner);
        }
    }

    /** A session of {@code pods} sleeping busybox pods (replicas of one). */
    private static Map<String, Object> of(String owner, int pods) {
        return Map.of("owner", owner, "parts", List.of(Map.of("name", "p", "pods", List.of(Map.of(
                "name", "pod", "image", Specs.BUSYBOX, "command", List.of("sleep", "3600"), "replicas", pods)))));
    }

    private void end(UUID id) {
        api.delete(id);
        api.awaitStatus(id, SessionStatus.DELETED);
    }
}
