package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.subscription.SubscriptionView;
import dev.steward.model.FieldError;
import dev.steward.store.SubscriptionStatus;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The subscriptions API: what it keeps and shows, and bad input refused with a clear problem, changing nothing. */
@MicronautTest
class SubscriptionApiIT {

    @Inject
    @Client("/")
    HttpClient client;

    @Test
    void aSubscriptionIsKeptShownWithoutItsTokenChangedAndDeleted() {
        BlockingHttpClient http = client.toBlocking();
        SubscriptionApi subscriptions = new SubscriptionApi(http);
        Map<String, Object> request = new LinkedHashMap<>(SubscriptionApi.to("http://127.0.0.1:9/a", "structured", "t0k"));
        request.put("filters", List.of(Map.of("any", List.of(Map.of("prefix", Map.of("type", "dev.steward.pod.")),
                Map.of("sql", "subject LIKE 'hosts/%'")))));
        SubscriptionView created = subscriptions.create(request);
        try {
            assertEquals("http://127.0.0.1:9/a", created.sink());
            assertEquals("structured", created.config().contentmode());
            assertEquals("ACCESSTOKEN", created.sinkcredential().credentialtype());
            assertEquals(SubscriptionStatus.VALIDATING, created.status(), "nothing answers the handshake at port 9");
            assertEquals(request.get("filters"), created.filters());

            Map<String, Object> changed = Map.of("sink", "http://127.0.0.1:9/b");
            SubscriptionView updated = http.retrieve(HttpRequest.PUT("/api/v1/subscriptions/" + created.id(), changed),
                    SubscriptionView.class);
            assertEquals("http://127.0.0.1:9/b", updated.sink());
            assertEquals("binary", updated.config().contentmode());
            assertEquals("ACCESSTOKEN", updated.sinkcredential().credentialtype(), "a PUT without a credential keeps it");
            assertTrue(http.retrieve(HttpRequest.GET("/api/v1/subscriptions"), Argument.listOf(SubscriptionView.class))
                    .stream().anyMatch(s -> s.id().equals(created.id())));
            assertFalse(http.retrieve(HttpRequest.GET("/api/v1/subscriptions"), String.class).contains("t0k"));
        } finally {
            subscriptions.delete(created.id());
        }
        Refusals.refused(http, HttpRequest.GET("/api/v1/subscriptions/" + created.id()), HttpStatus.NOT_FOUND);
    }

    @Test
    void badSubscriptionsAreRefusedNamingEachFieldAndChangeNothing() {
        BlockingHttpClient http = client.toBlocking();
        int before = http.retrieve(HttpRequest.GET("/api/v1/subscriptions"), Argument.listOf(SubscriptionView.class)).size();
        Map<String, Object> bad = Map.of(
                "sink", "ftp://example.com/x",
                "protocol", "MQTT",
                "filters", List.of(Map.of("regex", Map.of("type", "x")), Map.of("sql", "nonsense(")),
                "config", Map.of("contentmode", "batch"),
                "sinkcredential", Map.of("credentialtype", "PLAIN", "accesstoken", "a b\r\nX-Evil: 1"));
        Problem problem = Refusals.refused(http, HttpRequest.POST("/api/v1/subscriptions", bad),
                HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of("sink", "protocol", "filters[0]", "filters[1].sql", "config.contentmode",
                "sinkcredential.credentialtype", "sinkcredential.accesstoken"),
                problem.errors().stream().map(FieldError::field).toList());
        assertFalse(problem.toString().contains("X-Evil"), "the token is not echoed");
        Refusals.refused(http, HttpRequest.POST("/api/v1/subscriptions", Map.of("sink", "http://h/x", "sinc", "y")),
                HttpStatus.BAD_REQUEST);
        Refusals.refused(http, HttpRequest.POST("/api/v1/subscriptions", Map.of()), HttpStatus.UNPROCESSABLE_ENTITY);
        Refusals.refused(http, HttpRequest.PUT("/api/v1/subscriptions/" + UUID.randomUUID(),
                Map.of("sink", "http://h/x")), HttpStatus.NOT_FOUND);
        Refusals.refused(http, HttpRequest.DELETE("/api/v1/subscriptions/" + UUID.randomUUID()), HttpStatus.NOT_FOUND);
        assertEquals(before,
                http.retrieve(HttpRequest.GET("/api/v1/subscriptions"), Argument.listOf(SubscriptionView.class)).size());
    }
}
