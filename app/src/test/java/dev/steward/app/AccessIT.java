package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.app.auth.AuthConfig;
import dev.steward.app.auth.Role;
import dev.steward.model.SessionStatus;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Each role against each endpoint: every endpoint is sent a request by each caller (no token, an unknown token,
 * {@code VIEWER}, {@code USER}, {@code OPERATOR}, {@code ADMIN}), from a table of the least role each endpoint
 * needs, and who is let in (any answer but 401 or 403) and who is refused (401 or 403, as problem+json) is
 * checked. A {@code USER} token's sessions get its owner, and a deleted token is refused; {@code GET /tokens/me}
 * answers each token (and the configured admin) its own name, role and owner; a token's secret is shown once, at
 * its creation, and never in the log or a later answer.
 */
@MicronautTest
class AccessIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Who calls: no token, a token no one issued, then each role. */
    private enum As { NO_TOKEN, UNKNOWN_TOKEN, VIEWER, USER, OPERATOR, ADMIN }

    /** Whose session a row's path names: none, or a session of another owner than the USER token's. */
    private enum Target { NONE, OTHER_OWNERS }

    /**
     * One endpoint: the least role that may call it, and a request that changes nothing when let in
     * (it fails later, on its body or an unknown name), except the last, a DELETE.
     */
    private record Row(String method, String path, String body, Role least, Target target) {}

    /** A session, subscription or other id that names nothing. */
    private static final String NO_SUCH_ID = "00000000-0000-0000-0000-000000000000";

    private static final List<Row> TABLE = List.of(
            new Row("GET", "/api/v1/sessions", null, Role.VIEWER, Target.NONE),
            new Row("GET", "/api/v1/sessions/{id}", null, Role.VIEWER, Target.OTHER_OWNERS),
            new Row("GET", "/api/v1/sessions/{id}/transitions", null, Role.VIEWER, Target.OTHER_OWNERS),
            new Row("GET", "/api/v1/sessions/{id}/pods/web/no-such-pod/logs", null, Role.VIEWER, Target.OTHER_OWNERS),
            new Row("GET", "/api/v1/sessions/{id}/history?part=no-such-part", null, Role.VIEWER, Target.OTHER_OWNERS),
            new Row("GET", "/api/v1/sessions/" + NO_SUCH_ID + "/events", null, Role.VIEWER, Target.NONE),
            new Row("GET", "/api/v1/statuses", null, Role.VIEWER, Target.NONE),
            new Row("GET", "/api/v1/events", null, Role.VIEWER, Target.NONE),
            new Row("GET", "/api/v1/subscriptions", null, Role.VIEWER, Target.NONE),
            new Row("GET", "/api/v1/triggers", null, Role.VIEWER, Target.NONE),
            new Row("GET", "/api/v1/secrets", null, Role.VIEWER, Target.NONE),
            new Row("GET", "/api/v1/registry-credentials", null, Role.VIEWER, Target.NONE),
            new Row("GET", "/api/v1/hosts", null, Role.VIEWER, Target.NONE),
            new Row("GET", "/api/v1/hosts/no-such-host", null, Role.VIEWER, Target.NONE),
            new Row("GET", "/api/v1/hosts/no-such-host/transitions", null, Role.VIEWER, Target.NONE),
            new Row("GET", "/api/v1/tokens/me", null, Role.VIEWER, Target.NONE),
            new Row("POST", "/api/v1/sessions", "{\"owner\":\"{other}\",\"parts\":[{\"name\":\"Not_A_Label\",\"pods\":[]}]}",
                    Role.USER, Target.OTHER_OWNERS),
            new Row("PUT", "/api/v1/sessions/{id}/desired-status", "{}", Role.USER, Target.OTHER_OWNERS),
            new Row("PUT", "/api/v1/sessions/{id}/timeslot",
                    "{\"endAt\":\"2030-01-02T00:00:00Z\",\"cleanupDeadline\":\"2030-01-01T00:00:00Z\"}",
                    Role.USER, Target.OTHER_OWNERS),
            new Row("PUT", "/api/v1/sessions/{id}/spec", "{\"owner\":\"{other}\",\"parts\":[]}", Role.USER,
                    Target.OTHER_OWNERS),
            new Row("POST", "/api/v1/sessions/{id}/parts/no-such-part/retry", null, Role.USER, Target.OTHER_OWNERS),
            new Row("POST", "/api/v1/sessions/{id}/reconcile", null, Role.USER, Target.OTHER_OWNERS),
            new Row("POST", "/api/v1/sessions/{id}/pods/web/no-such-pod/restart", null, Role.USER, Target.OTHER_OWNERS),
            new Row("POST", "/api/v1/sessions/{id}/pods/web/no-such-pod/reset-backoff", null, Role.USER,
                    Target.OTHER_OWNERS),
            new Row("POST", "/api/v1/hosts", "{\"name\":\"Not_A_Label\",\"endpoint\":\"unix:///nowhere\"}",
                    Role.OPERATOR, Target.NONE),
            new Row("PUT", "/api/v1/hosts/no-such-host", "{\"enabled\":true}", Role.OPERATOR, Target.NONE),
            new Row("DELETE", "/api/v1/hosts/no-such-host", null, Role.OPERATOR, Target.NONE),
            new Row("POST", "/api/v1/subscriptions", "{}", Role.OPERATOR, Target.NONE),
            new Row("PUT", "/api/v1/subscriptions/" + NO_SUCH_ID, "{}", Role.OPERATOR, Target.NONE),
            new Row("DELETE", "/api/v1/subscriptions/" + NO_SUCH_ID, null, Role.OPERATOR, Target.NONE),
            new Row("POST", "/api/v1/triggers", "{}", Role.OPERATOR, Target.NONE),
            new Row("DELETE", "/api/v1/triggers/no-such-trigger", null, Role.OPERATOR, Target.NONE),
            new Row("POST", "/api/v1/secrets", "{\"owner\":\"{other}\"}", Role.USER, Target.OTHER_OWNERS),
            new Row("PUT", "/api/v1/secrets/no-such-secret?owner={other}", "{}", Role.USER, Target.OTHER_OWNERS),
            new Row("DELETE", "/api/v1/secrets/no-such-secret?owner={other}", null, Role.USER, Target.OTHER_OWNERS),
            new Row("POST", "/api/v1/registry-credentials", "{}", Role.OPERATOR, Target.NONE),
            new Row("DELETE", "/api/v1/registry-credentials/no.such.registry", null, Role.OPERATOR, Target.NONE),
            new Row("GET", "/api/v1/event-sources", null, Role.ADMIN, Target.NONE),
            new Row("POST", "/api/v1/event-sources", "{}", Role.ADMIN, Target.NONE),
            new Row("DELETE", "/api/v1/event-sources/no-such-source", null, Role.ADMIN, Target.NONE),
            new Row("GET", "/api/v1/tokens", null, Role.ADMIN, Target.NONE),
            new Row("POST", "/api/v1/tokens", "{\"name\":\"Not_A_Label\",\"role\":\"viewer\"}", Role.ADMIN, Target.NONE),
            new Row("DELETE", "/api/v1/tokens/no-such-token", null, Role.ADMIN, Target.NONE),
            // Last: let in, it deletes the other owner's session.
            new Row("DELETE", "/api/v1/sessions/{id}", null, Role.USER, Target.OTHER_OWNERS));

    @Inject
    EmbeddedServer server;

    @Test
    void eachRoleIsLetInOrRefusedAtEachEndpoint() throws Exception {
        RawHttp http = new RawHttp(server.getURL());
        String run = UUID.randomUUID().toString().substring(0, 8);
        String owner = "alice-" + run;
        String other = "bob-" + run;
        try (LogCapture log = new LogCapture()) {
            Map<As, String> tokens = new LinkedHashMap<>();
            tokens.put(As.NO_TOKEN, null);
            tokens.put(As.UNKNOWN_TOKEN, "stw_not-issued-" + run);
            for (Role role : Role.values()) {
                tokens.put(As.valueOf(role.name()), createToken(http, role.name().toLowerCase() + "-" + run, role,
                        role == Role.USER ? owner : null));
            }
            UUID othersSession = createSession(http, TestTokens.ADMIN, other);
            List<String> failures = new ArrayList<>();
            for (Row row : TABLE) {
                String path = row.path().replace("{id}", othersSession.toString()).replace("{other}", other);
                String body = row.body() == null ? null : row.body().replace("{other}", other);
                for (Map.Entry<As, String> caller : tokens.entrySet()) {
                    RawAnswer answer = http.send(caller.getValue(), row.method(), path,
                            body == null ? null : "application/json",
                            body == null ? null : body.getBytes(StandardCharsets.UTF_8));
                    int expected = expected(caller.getKey(), row);
                    boolean ok = expected == 0 ? answer.status() != 401 && answer.status() != 403
                            : answer.status() == expected && answer.isProblem();
                    if (!ok) {
                        failures.add(caller.getKey() + " " + row.method() + " " + row.path() + ": expected "
                                + (expected == 0 ? "to be let in" : expected) + ", got " + answer);
                    }
                }
            }
            assertEquals(List.of(), failures);

            List<String> lines = log.lines();
            for (String secret : tokens.values()) {
                if (secret != null) {
                    assertTrue(lines.stream().noneMatch(line -> line.contains(secret)), "a secret in the log");
                }
            }
            assertTrue(lines.stream().anyMatch(line -> line.contains("refused 401")), "a 401 is logged");
            assertTrue(lines.stream().anyMatch(line -> line.contains("refused 403")), "a 403 is logged");
            String listed = http.get("/api/v1/tokens").body();
            tokens.values().stream().filter(t -> t != null).forEach(t -> assertFalse(listed.contains(t)));
            Poll.until("the other owner's session deleted", () -> status(http, othersSession),
                    status -> status == SessionStatus.DELETED);
        }
    }

    @Test
    void eachTokenIsToldItsNameRoleAndOwnerButNotItsSecret() throws Exception {
        RawHttp http = new RawHttp(server.getURL());
        String run = UUID.randomUUID().toString().substring(0, 8);
        for (Role role : Role.values()) {
            String name = "me-" + role.name().toLowerCase() + "-" + run;
            String owner = role == Role.USER ? "dave-" + run : null;
            String secret = createToken(http, name, role, owner);
            RawAnswer me = http.send(secret, "GET", "/api/v1/tokens/me", null, null);
            assertEquals(200, me.status(), me::toString);
            assertFalse(me.body().contains(secret), "the secret in " + me.body());
            JsonNode token = JSON.readTree(me.body());
            assertEquals(name, token.get("name").asText());
            assertEquals(role.name(), token.get("role").asText());
            assertEquals(owner, token.hasNonNull("owner") ? token.get("owner").asText() : null);
            assertEquals(204, http.delete("/api/v1/tokens/" + name).status());
        }
        JsonNode configured = JSON.readTree(http.get("/api/v1/tokens/me").body());
        assertEquals(AuthConfig.CONFIGURED_ADMIN, configured.get("name").asText());
        assertEquals(Role.ADMIN.name(), configured.get("role").asText());
    }

    @Test
    void aUserTokensSessionsAreItsOwnersAndARevokedTokenIsRefused() throws Exception {
        RawHttp http = new RawHttp(server.getURL());
        String run = UUID.randomUUID().toString().substring(0, 8);
        String owner = "carol-" + run;
        String secret = createToken(http, "carol-" + run, Role.USER, owner);

        RawAnswer created = http.send(secret, "POST", "/api/v1/sessions", "application/json",
                ("{\"desiredStatus\":\"STOPPED\",\"parts\":[{\"name\":\"web\",\"pods\":[{\"name\":\"a\","
                        + "\"image\":\"" + Specs.BUSYBOX + "\",\"command\":[\"sleep\",\"3600\"]}]}]}")
                        .getBytes(StandardCharsets.UTF_8));
        assertEquals(201, created.status(), created::toString);
        JsonNode session = JSON.readTree(created.body());
        assertEquals(owner, session.get("owner").asText(), "the owner comes from the token");
        String id = session.get("id").asText();

        RawAnswer reconcile = http.send(secret, "POST", "/api/v1/sessions/" + id + "/reconcile", null, null);
        assertNotEquals(403, reconcile.status(), reconcile::toString);

        RawAnswer revoked = http.delete("/api/v1/tokens/carol-" + run);
        assertEquals(204, revoked.status(), revoked::toString);
        RawAnswer refused = http.send(secret, "DELETE", "/api/v1/sessions/" + id, null, null);
        assertEquals(401, refused.status(), refused::toString);
        assertTrue(refused.isProblem(), refused::toString);

        assertEquals(202, http.delete("/api/v1/sessions/" + id).status());
        Poll.until("session " + id + " deleted", () -> status(http, UUID.fromString(id)),
                status -> status == SessionStatus.DELETED);
    }

    /** 0 when the caller is let in; else the status it is refused with. */
    private static int expected(As caller, Row row) {
        return switch (caller) {
            case NO_TOKEN, UNKNOWN_TOKEN -> 401;
            default -> {
                Role role = Role.valueOf(caller.name());
                boolean roleEnough = role.ordinal() >= row.least().ordinal();
                boolean ownerRefused = role == Role.USER && row.least() == Role.USER
                        && row.target() == Target.OTHER_OWNERS;
                yield roleEnough && !ownerRefused ? 0 : 403;
            }
        };
    }

    private static String createToken(RawHttp http, String name, Role role, String owner) throws JsonProcessingException {
        String body = owner == null ? "{\"name\":\"" + name + "\",\"role\":\"" + role.name().toLowerCase() + "\"}"
                : "{\"name\":\"" + name + "\",\"role\":\"" + role + "\",\"owner\":\"" + owner + "\"}";
        RawAnswer created = http.json("POST", "/api/v1/tokens", body);
        assertEquals(201, created.status(), created::toString);
        JsonNode token = JSON.readTree(created.body());
        assertEquals(role.name(), token.get("role").asText());
        return token.get("token").asText();
    }

    private static UUID createSession(RawHttp http, String token, String owner) throws JsonProcessingException {
        RawAnswer created = http.send(token, "POST", "/api/v1/sessions", "application/json",
                ("{\"owner\":\"" + owner + "\",\"desiredStatus\":\"STOPPED\",\"parts\":[{\"name\":\"web\",\"pods\":"
                        + "[{\"name\":\"a\",\"image\":\"" + Specs.BUSYBOX + "\",\"command\":[\"sleep\",\"3600\"]}]}]}")
                        .getBytes(StandardCharsets.UTF_8));
        assertEquals(201, created.status(), created::toString);
        return UUID.fromString(JSON.readTree(created.body()).get("id").asText());
    }

    private static SessionStatus status(RawHttp http, UUID id) {
        try {
            return SessionStatus.valueOf(JSON.readTree(http.get("/api/v1/sessions/" + id).body()).get("status").asText());
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }
}
