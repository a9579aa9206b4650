package dev.steward.app.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.support.Refusals;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SubscriptionApi;
import dev.steward.model.FieldError;
import dev.steward.store.ContentMode;
import dev.steward.store.OutboxRepository;
import dev.steward.store.SubscriptionRepository;
import dev.steward.store.SubscriptionRow;
import dev.steward.store.SubscriptionStatus;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.ApplicationContext;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The subscriptions API: what it keeps and shows, and bad input refused with a clear problem, changing nothing.
 * Sinks on the service's own machine or network (PostgreSQL's port, the service's own API, other loopback
 * addresses, IPv6's loopback, the link-local metadata address, private ranges, a name that resolves to the
 * loopback) are refused with a 422 naming {@code sink}, on create and on replace, by a service without an
 * allow-list; with one (the tests' configuration allows {@code http://127.0.0.1:*}), a sink matching none of its
 * patterns is refused, public-looking or not. Before every request the sink is checked again: a subscription
 * whose sink is no longer allowed is sent nothing, and its {@code lastError} says so to an operator while a
 * {@code VIEWER} reads only that the last attempt failed. No test here sends anything beyond this machine.
 */
// Rows written by the test are seen by the service at once, not at the end of a test transaction.
@MicronautTest(transactional = false)
class SubscriptionApiIT {

    @Inject
    @Client("/")
    HttpClient client;

    @Inject
    EmbeddedServer server;

    @Inject
    SubscriptionRepository rows;

    @Inject
    OutboxRepository outbox;

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
                Map.of("sink", "http://127.0.0.1:9/x")), HttpStatus.NOT_FOUND);
        Refusals.refused(http, HttpRequest.DELETE("/api/v1/subscriptions/" + UUID.randomUUID()), HttpStatus.NOT_FOUND);
        assertEquals(before,
                http.retrieve(HttpRequest.GET("/api/v1/subscriptions"), Argument.listOf(SubscriptionView.class)).size());
    }

    @Test
    void sinksOnTheServicesOwnMachineOrNetworkAreRefusedWithoutAnAllowList() {
        SubscriptionView kept = new SubscriptionApi(client.toBlocking()).create(Map.of("sink", "http://127.0.0.1:9/kept"));
        try (EmbeddedServer publicOnly = ApplicationContext.run(EmbeddedServer.class, Map.of(
                        "steward.subscriptions.allowed-sinks", List.of(),
                        "steward.worker.enabled", "false",
                        "steward.hosts.register-local", "false",
                        "steward.delivery.enabled", "false"), "test");
                HttpClient publicOnlyClient = publicOnly.getApplicationContext().createBean(HttpClient.class,
                        publicOnly.getURL())) {
            BlockingHttpClient http = publicOnlyClient.toBlocking();
            int before = http.retrieve(HttpRequest.GET("/api/v1/subscriptions"), Argument.listOf(SubscriptionView.class))
                    .size();
            for (String sink : List.of("http://127.0.0.1:5432/", publicOnly.getURL() + "/api/v1/tokens",
                    "http://127.0.0.2/", "http://[::1]:" + publicOnly.getPort() + "/", "http://169.254.169.254/latest/meta-data/",
                    "http://10.0.0.1/", "http://172.16.0.1/", "http://192.168.0.1/", "http://100.64.0.1/",
                    "http://localhost:" + publicOnly.getPort() + "/api/v1/tokens")) {
                Problem created = Refusals.refused(http, HttpRequest.POST("/api/v1/subscriptions", Map.of("sink", sink)),
                        HttpStatus.UNPROCESSABLE_ENTITY);
                assertEquals(List.of("sink"), created.errors().stream().map(FieldError::field).toList(), sink);
                assertTrue(created.errors().getFirst().message().contains("a sink must be a public address"),
                        created.toString());
                Refusals.refused(http, HttpRequest.PUT("/api/v1/subscriptions/" + kept.id(), Map.of("sink", sink)),
                        HttpStatus.UNPROCESSABLE_ENTITY);
            }
            assertEquals(before, http.retrieve(HttpRequest.GET("/api/v1/subscriptions"),
                    Argument.listOf(SubscriptionView.class)).size(), "nothing created");
            assertEquals("http://127.0.0.1:9/kept", new SubscriptionApi(http).get(kept.id()).sink(), "nothing changed");
        } finally {
            new SubscriptionApi(client.toBlocking()).delete(kept.id());
        }
    }

    @Test
    void withAnAllowListASinkMatchingNoneOfItsPatternsIsRefused() {
        BlockingHttpClient http = client.toBlocking();
        Problem refused = Refusals.refused(http, HttpRequest.POST("/api/v1/subscriptions",
                Map.of("sink", "https://hooks.example.com/steward")), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals("sink", refused.errors().getFirst().field());
        assertTrue(refused.errors().getFirst().message().contains("steward.subscriptions.allowed-sinks permits"),
                refused.toString());
    }

    @Test
    void aSinkNoLongerAllowedIsSentNothingAndOnlyOperatorsReadWhy() throws Exception {
        BlockingHttpClient http = client.toBlocking();
        SubscriptionApi subscriptions = new SubscriptionApi(http);
        try (ServerSocket elsewhere = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.2"))) {
            // As if the sink's name resolved to another address after it was checked: the row names one the
            // tests' allow-list (http://127.0.0.1:*) does not allow, where something listens.
            UUID id = UUID.randomUUID();
            Instant now = Instant.now();
            rows.save(new SubscriptionRow(id, "http://127.0.0.2:" + elsewhere.getLocalPort() + "/sink", ContentMode.BINARY,
                    "[]", null, null, SubscriptionStatus.VALIDATING, null, outbox.lastPosition(), 0, now, now, null, null,
                    null, null, now, now));
            try {
                SubscriptionView failed = Eventually.await("the first attempt failed", SessionApi.DEADLINE,
                        () -> subscriptions.get(id),
                        subscription -> subscription.lastError() != null);
                assertTrue(failed.lastError().startsWith("nothing was sent: the sink is not allowed"), failed.lastError());
                elsewhere.setSoTimeout(1);
                assertThrows(SocketTimeoutException.class, elsewhere::accept, "nothing connected to the sink");

                Map<?, ?> viewer = http.retrieve(HttpRequest.POST("/api/v1/tokens",
                        Map.of("name", "viewer-" + id.toString().substring(0, 8), "role", "VIEWER")), Map.class);
                try {
                    SubscriptionView seen = http.retrieve(HttpRequest.GET("/api/v1/subscriptions/" + id)
                            .bearerAuth((String) viewer.get("token")), SubscriptionView.class);
                    assertEquals("the last attempt failed; what the sink answered is shown to operators", seen.lastError());
                    String listed = http.retrieve(HttpRequest.GET("/api/v1/subscriptions")
                            .bearerAuth((String) viewer.get("token")), String.class);
                    assertFalse(listed.contains("nothing was sent"), "no reader below OPERATOR reads why: " + listed);
                } finally {
                    http.exchange(HttpRequest.DELETE("/api/v1/tokens/" + viewer.get("name")));
                }
            } finally {
                subscriptions.delete(id);
            }
        }
    }
}
