package dev.steward.app.secret;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.support.Refusals;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.FieldError;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.transaction.TransactionOperations;
import io.temporal.client.WorkflowClient;
import io.temporal.common.WorkflowExecutionHistory;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Env values taken from secrets: the value is in the container's environment (the engine's inspect) and in no
 * API response, no PostgreSQL row (every table searched as text) and no Temporal history (the session's and the
 * part's, as JSON and as their raw payloads). An unknown secret or key is a 422, a rotation replaces the pod
 * with the new value, and a secret in use cannot be deleted. Secrets are their owners': with two owners, a
 * secret of one name gives each owner's session its own value, another owner's secret is refused (422 on create
 * and on a spec change, nothing changed), and a {@code USER} token sees and changes only its owner's secrets.
 */
@MicronautTest
class SecretsIT extends SessionApiBase {

    private static final String OWNER = "secrets";
    private final String secret = "db-" + UUID.randomUUID().toString().substring(0, 8);
    private final String first = "first-" + UUID.randomUUID();
    private final String second = "second-" + UUID.randomUUID();
    /** Every response body this test got, searched for the values at the end. */
    private final List<String> responses = new ArrayList<>();

    @Inject
    WorkflowClient temporal;

    @Inject
    TransactionOperations<Connection> transactions;

    @Test
    void aSecretsValueReachesTheContainerAndNothingElse() {
        BlockingHttpClient http = client.toBlocking();
        HttpResponse<String> created = http.exchange(HttpRequest.POST("/api/v1/secrets",
                Map.of("owner", OWNER, "name", secret, "data", Map.of("password", first))), String.class);
        assertEquals(HttpStatus.CREATED, created.getStatus());
        responses.add(created.body());
        String listed = get(http, "/api/v1/secrets");
        assertTrue(listed.contains("\"name\":\"" + secret + "\"") && listed.contains("\"version\":1"), listed);

        assertEquals(List.of("parts[0].pods[0].env.DB_PASSWORD.valueFrom.secret"),
                refusedFields(http, session(OWNER, "no-such-" + secret, "password")));
        assertEquals(List.of("parts[0].pods[0].env.DB_PASSWORD.valueFrom.key"),
                refusedFields(http, session(OWNER, secret, "no-such-key")));

        UUID id = api.create(session(OWNER, secret, "password")).id();
        PodView pod = awaitReady(id, null);
        assertEquals(first, envOf(pod.containerId(), "DB_PASSWORD"));
        assertEquals("plain", envOf(pod.containerId(), "PLAIN"));

        HttpResponse<String> rotated = http.exchange(HttpRequest.PUT("/api/v1/secrets/" + secret + "?owner=" + OWNER,
                Map.of("data", Map.of("password", second))), String.class);
        responses.add(rotated.body());
        assertTrue(rotated.body().contains("\"version\":2"), rotated.body());
        PodView replaced = awaitReady(id, pod.containerId());
        assertNotEquals(pod.containerId(), replaced.containerId(), "rotating the secret replaced the pod");
        assertEquals(second, envOf(replaced.containerId(), "DB_PASSWORD"));
        Refusals.refused(http, HttpRequest.DELETE("/api/v1/secrets/" + secret + "?owner=" + OWNER),
                HttpStatus.CONFLICT);

        assertNowhereButInContainers(http, List.of(first, second), List.of(id));

        api.delete(id);
        api.awaitStatus(id, SessionStatus.DELETED);
        assertEquals(HttpStatus.NO_CONTENT, http.exchange(HttpRequest.DELETE("/api/v1/secrets/" + secret
                + "?owner=" + OWNER)).getStatus());
        assertFalse(get(http, "/api/v1/secrets").contains("\"" + secret + "\""));
    }

    /**
     * Two owners' secrets of one name: each session takes its own owner's value, a secret of another
     * owner is no secret at all to a session (refused, nothing changed), and a USER token sees and
     * changes its owner's secrets only.
     */
    @Test
    void eachOwnerHasSecretsOfItsOwn() {
        BlockingHttpClient http = client.toBlocking();
        String run = UUID.randomUUID().toString().substring(0, 8);
        String alice = "alice-" + run;
        String bob = "bob-" + run;
        String theirs = "theirs-" + run;
        createSecret(http, alice, secret, first);
        createSecret(http, bob, secret, second);
        createSecret(http, bob, theirs, second);
        String listed = get(http, "/api/v1/secrets");
        assertTrue(listed.contains("{\"owner\":\"" + alice + "\",\"name\":\"" + secret + "\"")
                && listed.contains("{\"owner\":\"" + bob + "\",\"name\":\"" + secret + "\""), listed);

        assertEquals(List.of("parts[0].pods[0].env.DB_PASSWORD.valueFrom.secret"),
                refusedFields(http, session(alice, theirs, "password")));
        String none = get(http, "/api/v1/sessions?owner=" + alice);
        assertTrue(none.contains("\"total\":0"), "the refused session was not made: " + none);

        String token = userToken(http, "secrets-" + run, alice);
        HttpResponse<String> own = http.exchange(HttpRequest.POST("/api/v1/secrets",
                Map.of("name", "own-" + run, "data", Map.of("password", first))).bearerAuth(token), String.class);
        assertTrue(own.body().contains("\"owner\":\"" + alice + "\""), "a USER's secret is its owner's");
        responses.add(own.body());
        String seen = http.retrieve(HttpRequest.GET("/api/v1/secrets").bearerAuth(token), String.class);
        responses.add(seen);
        assertTrue(seen.contains("own-" + run) && seen.contains(secret) && !seen.contains(bob), seen);
        Refusals.refused(http, HttpRequest.GET("/api/v1/secrets?owner=" + bob).bearerAuth(token), HttpStatus.FORBIDDEN);
        Refusals.refused(http, HttpRequest.PUT("/api/v1/secrets/" + theirs + "?owner=" + bob,
                Map.of("data", Map.of("password", first))).bearerAuth(token), HttpStatus.FORBIDDEN);
        Refusals.refused(http, HttpRequest.DELETE("/api/v1/secrets/" + theirs + "?owner=" + bob).bearerAuth(token),
                HttpStatus.FORBIDDEN);
        Refusals.refused(http, HttpRequest.DELETE("/api/v1/secrets/" + theirs).bearerAuth(token), HttpStatus.NOT_FOUND);

        UUID alices = api.create(session(alice, secret, "password")).id();
        UUID bobs = api.create(session(bob, secret, "password")).id();
        assertEquals(first, envOf(awaitReady(alices, null).containerId(), "DB_PASSWORD"));
        assertEquals(second, envOf(awaitReady(bobs, null).containerId(), "DB_PASSWORD"));

        long generation = api.get(alices).generation();
        Problem refused = Refusals.refused(http, HttpRequest.PUT("/api/v1/sessions/" + alices + "/spec",
                session(alice, theirs, "password")), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of("parts[0].pods[0].env.DB_PASSWORD.valueFrom.secret"),
                refused.errors().stream().map(FieldError::field).toList());
        assertEquals(generation, api.get(alices).generation(), "the refused spec changed nothing");

        assertNowhereButInContainers(http, List.of(first, second), List.of(alices, bobs));
        for (UUID id : List.of(alices, bobs)) {
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        }
        http.exchange(HttpRequest.DELETE("/api/v1/secrets/own-" + run).bearerAuth(token));
        for (String[] owned : new String[][] {{alice, secret}, {bob, secret}, {bob, theirs}}) {
            http.exchange(HttpRequest.DELETE("/api/v1/secrets/" + owned[1] + "?owner=" + owned[0]));
        }
        http.exchange(HttpRequest.DELETE("/api/v1/tokens/secrets-" + run));
    }

    private void createSecret(BlockingHttpClient http, String owner, String name, String value) {
        HttpResponse<String> created = http.exchange(HttpRequest.POST("/api/v1/secrets",
                Map.of("owner", owner, "name", name, "data", Map.of("password", value))), String.class);
        assertEquals(HttpStatus.CREATED, created.getStatus());
        responses.add(created.body());
    }

    private String userToken(BlockingHttpClient http, String name, String owner) {
        Map<?, ?> created = http.retrieve(HttpRequest.POST("/api/v1/tokens",
                Map.of("name", name, "role", "USER", "owner", owner)), Map.class);
        return (String) created.get("token");
    }

    /** No response this test got, no PostgreSQL column and no history of the sessions holds any of the values. */
    private void assertNowhereButInContainers(BlockingHttpClient http, List<String> values, List<UUID> sessions) {
        for (UUID id : sessions) {
            get(http, "/api/v1/sessions/" + id);
            get(http, "/api/v1/sessions/" + id + "/transitions");
        }
        get(http, "/api/v1/sessions");
        get(http, "/api/v1/secrets");
        for (String value : values) {
            assertTrue(responses.stream().noneMatch(body -> body.contains(value)), "a response shows a value");
            assertEquals(List.of(), tablesHolding(value), "a value in clear in PostgreSQL");
            for (UUID id : sessions) {
                for (String workflowId : List.of(WorkflowIds.session(id), WorkflowIds.part(id, "p"))) {
                    WorkflowExecutionHistory history = temporal.fetchHistory(workflowId);
                    assertFalse(history.toJson(false).contains(value), "a value in the history of " + workflowId);
                    assertFalse(new String(history.getHistory().toByteArray(), StandardCharsets.UTF_8).contains(value),
                            "a value in a payload of " + workflowId);
                }
            }
        }
    }

    private String get(BlockingHttpClient http, String path) {
        String body = http.retrieve(HttpRequest.GET(path), String.class);
        responses.add(body);
        return body;
    }

    private List<String> refusedFields(BlockingHttpClient http, Map<String, Object> spec) {
        Problem problem = Refusals.refused(http, HttpRequest.POST("/api/v1/sessions", spec),
                HttpStatus.UNPROCESSABLE_ENTITY);
        return problem.errors().stream().map(FieldError::field).toList();
    }

    /** Waits for the pod READY on a container other than {@code other}. */
    private PodView awaitReady(UUID id, String other) {
        return Eventually.await("pod p/app READY", SessionApi.DEADLINE, () -> {
            SessionView view = api.get(id);
            return view.parts().getFirst().pods().getFirst();
        }, p -> p.status() == PodStatus.READY && !p.containerId().equals(other));
    }

    private String envOf(String containerId, String name) {
        return Arrays.stream(docker.inspectContainerCmd(containerId).exec().getConfig().getEnv())
                .filter(entry -> entry.startsWith(name + "="))
                .map(entry -> entry.substring(name.length() + 1))
                .findFirst().orElse(null);
    }

    /** The tables of the schema with a row whose text form holds {@code value}. */
    private List<String> tablesHolding(String value) {
        return transactions.executeRead(status -> {
            Connection connection = status.getConnection();
            List<String> tables = new ArrayList<>();
            List<String> holding = new ArrayList<>();
            try (ResultSet rs = connection.getMetaData().getTables(null, "public", "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME"));
                }
                for (String table : tables) {
                    try (PreparedStatement query = connection.prepareStatement(
                            "SELECT COUNT(*) FROM \"" + table + "\" t WHERE t::text LIKE ?")) {
                        query.setString(1, "%" + value + "%");
                        try (ResultSet count = query.executeQuery()) {
                            count.next();
                            if (count.getLong(1) > 0) {
                                holding.add(table);
                            }
                        }
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            assertTrue(tables.contains("secrets"), tables.toString());
            return holding;
        });
    }

    private static Map<String, Object> session(String owner, String secretName, String key) {
        Map<String, Object> pod = Map.of("name", "app", "image", Specs.BUSYBOX, "command", List.of("sleep", "3600"),
                "env", Map.of("PLAIN", "plain",
                        "DB_PASSWORD", Map.of("valueFrom", Map.of("secret", secretName, "key", key))));
        return Map.of("owner", owner, "parts", List.of(Map.of("name", "p", "pods", List.of(pod))));
    }
}
