package dev.steward.app.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.app.support.EventDeliveries;
import dev.steward.app.support.EventStreamReader;
import dev.steward.app.support.EventStreamReader.StreamEvent;
import dev.steward.app.support.LogCapture;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TestTokens;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.Eventually;
import io.cloudevents.CloudEvent;
import io.micronaut.http.HttpMethod;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.web.router.Router;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The role table: every route under {@code /api/v1} against tokens of each role (no token, an unknown token,
 * {@code VIEWER} of every owner and limited to alice or to bob, {@code USER} of alice and of bob,
 * {@code OPERATOR}, {@code ADMIN}), on alice's data, each answer checked exactly; a session of another owner
 * answers as one that does not exist, and a route missing from the table fails. Then what each owner's tokens
 * list, that {@code GET /tokens/me} answers each token its own name, role and owner, that a deleted token is
 * refused, and that a token's secret is shown once, at its creation, and never in the log or a later answer.
 */
@MicronautTest
class AccessIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A session, subscription or other id that names nothing. */
    private static final String NO_SUCH_ID = "00000000-0000-0000-0000-000000000000";

    /** The owners of the table: its data is alice's. */
    private enum Owner { ALICE, BOB }

    /** Who calls: no token, a token no one issued, then tokens of each role, of every owner or limited to one. */
    private enum As {
        NO_TOKEN(null, null),
        UNKNOWN_TOKEN(null, null),
        VIEWER(Role.VIEWER, null),
        VIEWER_ALICE(Role.VIEWER, Owner.ALICE),
        VIEWER_BOB(Role.VIEWER, Owner.BOB),
        USER_ALICE(Role.USER, Owner.ALICE),
        USER_BOB(Role.USER, Owner.BOB),
        OPERATOR(Role.OPERATOR, null),
        ADMIN(Role.ADMIN, null);

        final Role role;
        final Owner owner;

        As(Role role, Owner owner) {
            this.role = role;
            this.owner = owner;
        }
    }

    /** What a row's request names of an owner's. */
    private enum Names {
        /** Nothing of an owner's: every token with the role gets the same. */
        NOTHING,
        /** Alice's session (or subscription: of no owner) by its id: another owner's token finds none (404). */
        ALICES_ID,
        NO_OWNERS_ID,
        /** Alice by name, in the body or as {@code ?owner=}: another owner's token is refused (403). */
        ALICE_BY_NAME
    }

    /**
     * One request of the table, at route {@code route} as the controllers declare it: the least role that
     * may send it ({@code null}: a route for event sources, open to anyone), what it names, and the status
     * it answers a token that is let in. Requests change nothing when let in (they fail on their body or
     * an unknown name) but the DELETE, which deletes a session of its own for each caller.
     *
     * @param path with {@code {session}}, {@code {fresh}} (a new session of alice's per caller),
     *     {@code {subscription}} and {@code {alice}} to fill in
     * @param stream a server-sent event stream: its status is read, and it is closed
     */
    private record Row(String method, String route, String path, String body, Role least, Names names, int letIn,
            boolean stream) {

        Row(String method, String route, String path, String body, Role least, Names names, int letIn) {
            this(method, route, path, body, least, names, letIn, false);
        }

        static Row get(String route, String path, Role least, Names names, int letIn) {
            return new Row("GET", route, path, null, least, names, letIn);
        }

        static Row stream(String route, String path, Names names) {
            return new Row("GET", route, path, null, Role.VIEWER, names, 200, true);
        }
    }

    private static final String SESSION = "/api/v1/sessions/{id}";
    private static final List<Row> TABLE = List.of(
            Row.get("/api/v1/sessions", "/api/v1/sessions", Role.VIEWER, Names.NOTHING, 200),
            Row.get("/api/v1/sessions", "/api/v1/sessions?owner={alice}", Role.VIEWER, Names.ALICE_BY_NAME, 200),
            new Row("POST", "/api/v1/sessions", "/api/v1/sessions",
                    "{\"owner\":\"{alice}\",\"parts\":[{\"name\":\"Not_A_Label\",\"pods\":[]}]}",
                    Role.USER, Names.ALICE_BY_NAME, 422),
            Row.get(SESSION, "/api/v1/sessions/{session}", Role.VIEWER, Names.ALICES_ID, 200),
            Row.get(SESSION + "/transitions", "/api/v1/sessions/{session}/transitions", Role.VIEWER, Names.ALICES_ID, 200),
            Row.get(SESSION + "/history", "/api/v1/sessions/{session}/history", Role.VIEWER, Names.ALICES_ID, 200),
            // The session is STOPPED: its pod has no container to read.
            Row.get(SESSION + "/pods/{part}/{pod}/logs", "/api/v1/sessions/{session}/pods/web/a/logs", Role.VIEWER,
                    Names.ALICES_ID, 409),
            Row.stream("/api/v1/sessions/{id}/events", "/api/v1/sessions/{session}/events", Names.ALICES_ID),
            new Row("PUT", SESSION + "/desired-status", "/api/v1/sessions/{session}/desired-status", "{}", Role.USER,
                    Names.ALICES_ID, 422),
            new Row("PUT", SESSION + "/timeslot", "/api/v1/sessions/{session}/timeslot",
                    "{\"endAt\":\"2030-01-02T00:00:00Z\",\"cleanupDeadline\":\"2030-01-01T00:00:00Z\"}", Role.USER,
                    Names.ALICES_ID, 422),
            new Row("PUT", SESSION + "/spec", "/api/v1/sessions/{session}/spec", "{\"owner\":\"{alice}\",\"parts\":[]}",
                    Role.USER, Names.ALICES_ID, 422),
            new Row("POST", SESSION + "/parts/{part}/retry", "/api/v1/sessions/{session}/parts/no-such-part/retry", null,
                    Role.USER, Names.ALICES_ID, 404),
            new Row("POST", SESSION + "/reconcile", "/api/v1/sessions/{session}/reconcile", null, Role.USER,
                    Names.ALICES_ID, 202),
            new Row("POST", SESSION + "/pods/{part}/{pod}/restart", "/api/v1/sessions/{session}/pods/web/no-such-pod/restart",
                    null, Role.USER, Names.ALICES_ID, 404),
            new Row("POST", SESSION + "/pods/{part}/{pod}/reset-backoff",
                    "/api/v1/sessions/{session}/pods/web/no-such-pod/reset-backoff", null, Role.USER, Names.ALICES_ID, 404),
            new Row("DELETE", SESSION, "/api/v1/sessions/{fresh}", null, Role.USER, Names.ALICES_ID, 202),
            Row.stream("/api/v1/events/stream", "/api/v1/events/stream", Names.NOTHING),
            Row.stream("/api/v1/events/stream", "/api/v1/events/stream?owner={alice}", Names.ALICE_BY_NAME),
            Row.get("/api/v1/events", "/api/v1/events", Role.VIEWER, Names.NOTHING, 200),
            Row.get("/api/v1/events", "/api/v1/events?owner={alice}", Role.VIEWER, Names.ALICE_BY_NAME, 200),
            // For event sources' tokens, which no API token is.
            new Row("POST", "/api/v1/events", "/api/v1/events", null, null, Names.NOTHING, 401),
            new Row("OPTIONS", "/api/v1/events", "/api/v1/events", null, null, Names.NOTHING, 200),
            Row.get("/api/v1/secrets", "/api/v1/secrets", Role.VIEWER, Names.NOTHING, 200),
            Row.get("/api/v1/secrets", "/api/v1/secrets?owner={alice}", Role.VIEWER, Names.ALICE_BY_NAME, 200),
            new Row("POST", "/api/v1/secrets", "/api/v1/secrets", "{\"owner\":\"{alice}\"}", Role.USER,
                    Names.ALICE_BY_NAME, 422),
            new Row("PUT", "/api/v1/secrets/{name}", "/api/v1/secrets/no-such-secret?owner={alice}", "{}", Role.USER,
                    Names.ALICE_BY_NAME, 422),
            new Row("DELETE", "/api/v1/secrets/{name}", "/api/v1/secrets/no-such-secret?owner={alice}", null, Role.USER,
                    Names.ALICE_BY_NAME, 404),
            Row.get("/api/v1/subscriptions", "/api/v1/subscriptions", Role.VIEWER, Names.NOTHING, 200),
            Row.get("/api/v1/subscriptions/{id}", "/api/v1/subscriptions/{subscription}", Role.VIEWER,
                    Names.NO_OWNERS_ID, 200),
            new Row("POST", "/api/v1/subscriptions", "/api/v1/subscriptions", "{}", Role.OPERATOR, Names.NOTHING, 422),
            new Row("PUT", "/api/v1/subscriptions/{id}", "/api/v1/subscriptions/{subscription}", "{}", Role.OPERATOR,
                    Names.NO_OWNERS_ID, 422),
            new Row("DELETE", "/api/v1/subscriptions/{id}", "/api/v1/subscriptions/" + NO_SUCH_ID, null, Role.OPERATOR,
                    Names.NOTHING, 404),
            Row.get("/api/v1/statuses", "/api/v1/statuses", Role.VIEWER, Names.NOTHING, 200),
            Row.get("/api/v1/hosts", "/api/v1/hosts", Role.VIEWER, Names.NOTHING, 200),
            Row.get("/api/v1/hosts/{name}", "/api/v1/hosts/no-such-host", Role.VIEWER, Names.NOTHING, 404),
            Row.get("/api/v1/hosts/{name}/transitions", "/api/v1/hosts/no-such-host/transitions", Role.VIEWER,
                    Names.NOTHING, 404),
            new Row("POST", "/api/v1/hosts", "/api/v1/hosts", "{\"name\":\"Not_A_Label\",\"endpoint\":\"unix:///nowhere\"}",
                    Role.OPERATOR, Names.NOTHING, 422),
            new Row("PUT", "/api/v1/hosts/{name}", "/api/v1/hosts/no-such-host", "{\"enabled\":true}", Role.OPERATOR,
                    Names.NOTHING, 404),
            new Row("DELETE", "/api/v1/hosts/{name}", "/api/v1/hosts/no-such-host", null, Role.OPERATOR, Names.NOTHING, 404),
            Row.get("/api/v1/triggers", "/api/v1/triggers", Role.VIEWER, Names.NOTHING, 200),
            Row.get("/api/v1/triggers/{name}", "/api/v1/triggers/no-such-trigger", Role.VIEWER, Names.NOTHING, 404),
            new Row("POST", "/api/v1/triggers", "/api/v1/triggers", "{}", Role.OPERATOR, Names.NOTHING, 422),
            new Row("PUT", "/api/v1/triggers/{name}", "/api/v1/triggers/no-such-trigger", "{}", Role.OPERATOR,
                    Names.NOTHING, 422),
            new Row("DELETE", "/api/v1/triggers/{name}", "/api/v1/triggers/no-such-trigger", null, Role.OPERATOR,
                    Names.NOTHING, 404),
            Row.get("/api/v1/registry-credentials", "/api/v1/registry-credentials", Role.VIEWER, Names.NOTHING, 200),
            Row.get("/api/v1/registry-credentials/{registry}", "/api/v1/registry-credentials/no.such.registry",
                    Role.VIEWER, Names.NOTHING, 404),
            new Row("POST", "/api/v1/registry-credentials", "/api/v1/registry-credentials", "{}", Role.OPERATOR,
                    Names.NOTHING, 422),
            new Row("DELETE", "/api/v1/registry-credentials/{registry}", "/api/v1/registry-credentials/no.such.registry",
                    null, Role.OPERATOR, Names.NOTHING, 404),
            Row.get("/api/v1/event-sources", "/api/v1/event-sources", Role.ADMIN, Names.NOTHING, 200),
            Row.get("/api/v1/event-sources/{name}", "/api/v1/event-sources/no-such-source", Role.ADMIN, Names.NOTHING, 404),
            new Row("POST", "/api/v1/event-sources", "/api/v1/event-sources", "{}", Role.ADMIN, Names.NOTHING, 422),
            new Row("DELETE", "/api/v1/event-sources/{name}", "/api/v1/event-sources/no-such-source", null, Role.ADMIN,
                    Names.NOTHING, 404),
            // No payload key here: a caller allowed is told so.
            new Row("POST", "/api/v1/codec/decode", "/api/v1/codec/decode", "{\"payloads\":[]}", Role.OPERATOR,
                    Names.NOTHING, 409),
            new Row("POST", "/api/v1/codec/encode", "/api/v1/codec/encode", "{\"payloads\":[]}", Role.OPERATOR,
                    Names.NOTHING, 409),
            Row.get("/api/v1/tokens/me", "/api/v1/tokens/me", Role.VIEWER, Names.NOTHING, 200),
            Row.get("/api/v1/tokens", "/api/v1/tokens", Role.ADMIN, Names.NOTHING, 200),
            new Row("POST", "/api/v1/tokens", "/api/v1/tokens", "{\"name\":\"Not_A_Label\",\"role\":\"viewer\"}",
                    Role.ADMIN, Names.NOTHING, 422),
            new Row("DELETE", "/api/v1/tokens/{name}", "/api/v1/tokens/no-such-token", null, Role.ADMIN, Names.NOTHING, 404));

    /** The answer a caller is expected to get: a status, or {@link #HIDDEN}. */
    private static final int HIDDEN = -404;

    @Inject
    EmbeddedServer server;

    @Inject
    Router router;

    @Test
    void theTableCoversEveryRouteOfTheApi() {
        Set<String> served = router.uriRoutes()
                .filter(route -> route.getHttpMethod() != HttpMethod.HEAD)
                .map(route -> route.getHttpMethod() + " " + route.getUriMatchTemplate().toPathString())
                .filter(route -> route.contains(" /api/v1"))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> tabled = TABLE.stream().map(row -> row.method() + " " + row.route())
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(served, tabled);
    }

    @Test
    void eachTokenGetsWhatItsRoleAndOwnerAllowAtEachRoute() {
        RawHttp http = new RawHttp(server.getURL());
        String run = UUID.randomUUID().toString().substring(0, 8);
        Map<Owner, String> owners = owners(run);
        try (LogCapture log = new LogCapture()) {
            Map<As, String> tokens = tokens(http, run, owners);
            UUID session = createSession(http, TestTokens.ADMIN, owners.get(Owner.ALICE));
            // Bob's changes, which the streams bob's tokens open show (a stream answers with its first event).
            UUID bobs = createSession(http, TestTokens.ADMIN, owners.get(Owner.BOB));
            // Converged: its pod is in the read model, with no container, so each answer is the same every time.
            Eventually.await("alice's session STOPPED", SessionApi.DEADLINE, () -> view(http, session),
                    view -> view.path("status").asText().equals("STOPPED")
                            && view.path("observedGeneration").asLong() == view.path("generation").asLong()
                            && !view.path("parts").path(0).path("pods").isEmpty());
            String subscription = createSubscription(http);
            List<UUID> fresh = new ArrayList<>();
            List<String> failures = new ArrayList<>();
            try {
                for (Row row : TABLE) {
                    for (As caller : As.values()) {
                        String id = row.path().contains("{fresh}") ? freshSession(http, owners, fresh) : null;
                        Function<String, String> fill = template -> template.replace("{session}", session.toString())
                                .replace("{fresh}", String.valueOf(id)).replace("{subscription}", subscription)
                                .replace("{alice}", owners.get(Owner.ALICE));
                        String check = check(http, tokens.get(caller), caller, row, fill,
                                id != null ? id : row.names() == Names.NO_OWNERS_ID ? subscription : session.toString());
                        if (check != null) {
                            failures.add(caller + " " + row.method() + " " + row.path() + ": " + check);
                        }
                    }
                }
            } finally {
                assertEquals(204, http.delete("/api/v1/subscriptions/" + subscription).status());
                deleteAll(http, fresh);
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
            assertTrue(lines.stream().anyMatch(line -> line.contains("refused 404")), "a hidden session is logged");
            String listed = http.get("/api/v1/tokens").body();
            tokens.values().stream().filter(t -> t != null).forEach(t -> assertFalse(listed.contains(t)));
            deleteAll(http, List.of(session, bobs));
        }
    }

    /** Null when the caller got what the table says; else what it got instead. */
    private static String check(RawHttp http, String token, As caller, Row row, Function<String, String> fill,
            String named) {
        String path = fill.apply(row.path());
        RawAnswer answer = send(http, token, row, path, row.body() == null ? null : fill.apply(row.body()));
        int expected = expected(caller, row);
        if (expected == HIDDEN) {
            // As if it did not exist: the same answer as for an id that names nothing.
            RawAnswer nothing = send(http, token, row, path.replace(named, NO_SUCH_ID),
                    row.body() == null ? null : fill.apply(row.body()));
            boolean same = answer.status() == 404 && nothing.status() == 404 && answer.isProblem()
                    && answer.body().equals(nothing.body().replace(NO_SUCH_ID, named));
            return same ? null : "expected the answer to an id that names nothing, " + nothing + ", got " + answer;
        }
        boolean ok = answer.status() == expected && (expected < 400 || answer.isProblem());
        return ok ? null : "expected " + expected + ", got " + answer;
    }

    private static RawAnswer send(RawHttp http, String token, Row row, String path, String body) {
        return row.stream() ? http.streamAnswer(token, path)
                : http.send(token, row.method(), path, body == null ? null : "application/json",
                        body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    /** What the caller gets: 401 without a valid token, 403 below the row's role or naming another owner, ... */
    private static int expected(As caller, Row row) {
        if (row.least() == null) {
            return row.letIn();
        }
        if (caller.role == null) {
            return 401;
        }
        if (caller.role.ordinal() < row.least().ordinal()) {
            return 403;
        }
        boolean alices = caller.owner == null || caller.owner == Owner.ALICE;
        return switch (row.names()) {
            case NOTHING -> row.letIn();
            case ALICES_ID -> alices ? row.letIn() : HIDDEN;
            case NO_OWNERS_ID -> caller.owner == null ? row.letIn() : HIDDEN;
            case ALICE_BY_NAME -> alices ? row.letIn() : 403;
        };
    }

    @Test
    void eachOwnersTokensListOnlyThatOwnersSessionsSecretsEventsAndChanges() throws Exception {
        RawHttp http = new RawHttp(server.getURL());
        String run = UUID.randomUUID().toString().substring(0, 8);
        Map<Owner, String> owners = owners(run);
        Map<As, String> tokens = tokens(http, run, owners);
        EventDeliveries events = new EventDeliveries(http);
        Map<Owner, UUID> sessions = new EnumMap<>(Owner.class);
        Map<Owner, String> sources = new EnumMap<>(Owner.class);
        for (Owner owner : Owner.values()) {
            String name = owners.get(owner);
            sessions.put(owner, createSession(http, TestTokens.ADMIN, name));
            RawAnswer secret = http.json("POST", "/api/v1/secrets",
                    "{\"owner\":\"" + name + "\",\"name\":\"db\",\"data\":{\"password\":\"p-" + run + "\"}}");
            assertEquals(201, secret.status(), secret::toString);
            sources.put(owner, "https://" + name + ".example.com/");
            String sourceToken = events.registerSource(name, sources.get(owner), List.of(), Map.of("owner", name));
            assertEquals(202, events.binary(sourceToken, EventDeliveries.event(sources.get(owner), "com.example.ping",
                    null, null)).status());
            events.deleteSource(name);
        }
        String subscription = createSubscription(http);
        try {
            for (As caller : List.of(As.VIEWER_ALICE, As.USER_ALICE, As.VIEWER_BOB, As.USER_BOB, As.VIEWER)) {
                String token = tokens.get(caller);
                Set<String> expectedOwners = caller.owner == null ? Set.copyOf(owners.values())
                        : Set.of(owners.get(caller.owner));
                assertEquals(expectedOwners, owners(http, token, "/api/v1/sessions?size=100", "items", run), caller.name());
                assertEquals(expectedOwners, owners(http, token, "/api/v1/secrets", null, run), caller.name());
                assertEquals(expectedOwners, owners(http, token, "/api/v1/events?limit=1000", null, run), caller.name());
                JsonNode subscriptions = JSON.readTree(http.send(token, "GET", "/api/v1/subscriptions", null, null).body());
                assertEquals(caller.owner == null, subscriptions.toString().contains(subscription), caller.name());
            }
        } finally {
            assertEquals(204, http.delete("/api/v1/subscriptions/" + subscription).status());
        }

        // Each owner's last change is its session's deletion: its stream from the start shows no other owner's.
        for (Owner owner : Owner.values()) {
            assertEquals(202, http.delete("/api/v1/sessions/" + sessions.get(owner)).status());
            Eventually.await(owner + "'s session DELETED", SessionApi.DEADLINE,
                    () -> view(http, sessions.get(owner)).path("status").asText(),
                    "DELETED"::equals);
        }
        for (As caller : List.of(As.VIEWER_ALICE, As.USER_BOB)) {
            String own = "sessions/" + sessions.get(caller.owner);
            String others = "sessions/" + sessions.get(caller.owner == Owner.ALICE ? Owner.BOB : Owner.ALICE);
            try (EventStreamReader stream = new EventStreamReader(http, tokens.get(caller), "/api/v1/events/stream", "0")) {
                List<StreamEvent> seen = stream.takeUntil(own + " DELETED", Duration.ofSeconds(60),
                        event -> own.equals(event.event().getSubject()) && text(event.event()).contains("\"DELETED\""));
                assertTrue(seen.stream().noneMatch(event -> event.event().getSubject().startsWith(others)), caller.name());
                assertTrue(seen.stream().allMatch(event -> event.event().getSubject().startsWith("sessions/")),
                        caller + ": a host's changes are no owner's");
            }
        }
    }

    @Test
    void eachTokenIsToldItsNameRoleAndOwnerButNotItsSecret() throws Exception {
        RawHttp http = new RawHttp(server.getURL());
        String run = UUID.randomUUID().toString().substring(0, 8);
        for (As as : List.of(As.VIEWER, As.VIEWER_ALICE, As.USER_ALICE, As.OPERATOR, As.ADMIN)) {
            String name = "me-" + as.name().toLowerCase().replace('_', '-') + "-" + run;
            String owner = as.owner == null ? null : "dave-" + run;
            String secret = TestTokens.create(http, name, as.role, owner);
            RawAnswer me = http.send(secret, "GET", "/api/v1/tokens/me", null, null);
            assertEquals(200, me.status(), me::toString);
            assertFalse(me.body().contains(secret), "the secret in " + me.body());
            JsonNode token = JSON.readTree(me.body());
            assertEquals(name, token.get("name").asText());
            assertEquals(as.role.name(), token.get("role").asText());
            assertEquals(owner, token.hasNonNull("owner") ? token.get("owner").asText() : null);
            assertEquals(204, http.delete("/api/v1/tokens/" + name).status());
        }
        JsonNode configured = JSON.readTree(http.get("/api/v1/tokens/me").body());
        assertEquals(AuthConfig.CONFIGURED_ADMIN, configured.get("name").asText());
        assertEquals(Role.ADMIN.name(), configured.get("role").asText());
    }

    @Test
    void aTokenTakesAnOwnerOnlyWhereItsRoleIsLimitedToOne() {
        RawHttp http = new RawHttp(server.getURL());
        String run = UUID.randomUUID().toString().substring(0, 8);
        for (String body : List.of("{\"name\":\"u-" + run + "\",\"role\":\"USER\"}",
                "{\"name\":\"o-" + run + "\",\"role\":\"OPERATOR\",\"owner\":\"dave\"}",
                "{\"name\":\"a-" + run + "\",\"role\":\"ADMIN\",\"owner\":\"dave\"}",
                "{\"name\":\"v-" + run + "\",\"role\":\"VIEWER\",\"owner\":\" \"}")) {
            RawAnswer refused = http.json("POST", "/api/v1/tokens", body);
            assertEquals(422, refused.status(), body + ": " + refused);
            assertTrue(refused.body().contains("\"field\":\"owner\""), refused::toString);
        }
        assertTrue(http.get("/api/v1/tokens").body().lines().noneMatch(line -> line.contains(run)), "none was made");
    }

    @Test
    void aUserTokensSessionsAreItsOwnersAndARevokedTokenIsRefused() throws Exception {
        RawHttp http = new RawHttp(server.getURL());
        String run = UUID.randomUUID().toString().substring(0, 8);
        String owner = "carol-" + run;
        String secret = TestTokens.create(http, "carol-" + run, Role.USER, owner);

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

        deleteAll(http, List.of(id));
    }

    private static Map<Owner, String> owners(String run) {
        Map<Owner, String> owners = new EnumMap<>(Owner.class);
        for (Owner owner : Owner.values()) {
            owners.put(owner, owner.name().toLowerCase() + "-" + run);
        }
        return owners;
    }

    /** A token of each role and owner the table names; none for NO_TOKEN, one never issued for UNKNOWN_TOKEN. */
    private static Map<As, String> tokens(RawHttp http, String run, Map<Owner, String> owners) {
        Map<As, String> tokens = new EnumMap<>(As.class);
        for (As as : As.values()) {
            String name = as.name().toLowerCase().replace('_', '-') + "-" + run;
            tokens.put(as, switch (as) {
                case NO_TOKEN -> null;
                case UNKNOWN_TOKEN -> "stw_not-issued-" + run;
                default -> TestTokens.create(http, name, as.role, as.owner == null ? null : owners.get(as.owner));
            });
        }
        return tokens;
    }

    private static UUID createSession(RawHttp http, String token, String owner) {
        RawAnswer created = http.send(token, "POST", "/api/v1/sessions", "application/json",
                ("{\"owner\":\"" + owner + "\",\"desiredStatus\":\"STOPPED\",\"parts\":[{\"name\":\"web\",\"pods\":"
                        + "[{\"name\":\"a\",\"image\":\"" + Specs.BUSYBOX + "\",\"command\":[\"sleep\",\"3600\"]}]}]}")
                        .getBytes(StandardCharsets.UTF_8));
        assertEquals(201, created.status(), created::toString);
        return UUID.fromString(read(created).get("id").asText());
    }

    /** A new session of alice's, for a caller of the DELETE row. */
    private static String freshSession(RawHttp http, Map<Owner, String> owners, List<UUID> fresh) {
        UUID id = createSession(http, TestTokens.ADMIN, owners.get(Owner.ALICE));
        fresh.add(id);
        return id.toString();
    }

    /** Subscriptions belong to no owner; this one's sink takes nothing, which is all the table needs. */
    private static String createSubscription(RawHttp http) {
        RawAnswer created = http.json("POST", "/api/v1/subscriptions", "{\"sink\":\"http://127.0.0.1:9/access\"}");
        assertEquals(201, created.status(), created::toString);
        return read(created).get("id").asText();
    }

    /** Deletes each session as the admin (again, when a caller did) and waits for it to be DELETED. */
    private static void deleteAll(RawHttp http, List<?> sessions) {
        for (Object id : sessions) {
            http.delete("/api/v1/sessions/" + id);
        }
        for (Object id : sessions) {
            Eventually.await("session " + id + " DELETED", SessionApi.DEADLINE,
                    () -> view(http, UUID.fromString(id.toString()))
                    .path("status").asText(), SessionStatus.DELETED.name()::equals);
        }
    }

    /** The owners, among those of this run, of what a listing shows; @param items the page's field, or null for an array */
    private static Set<String> owners(RawHttp http, String token, String path, String items, String run) {
        RawAnswer answer = http.send(token, "GET", path, null, null);
        assertEquals(200, answer.status(), answer::toString);
        JsonNode listed = items == null ? read(answer) : read(answer).get(items);
        Set<String> owners = new TreeSet<>();
        listed.forEach(item -> owners.add(item.path("owner").asText()));
        owners.removeIf(owner -> !owner.endsWith(run));
        return owners;
    }

    private static JsonNode view(RawHttp http, UUID id) {
        return read(http.get("/api/v1/sessions/" + id));
    }

    private static String text(CloudEvent event) {
        return new String(event.getData().toBytes(), StandardCharsets.UTF_8);
    }

    private static JsonNode read(RawAnswer answer) {
        try {
            return JSON.readTree(answer.body());
        } catch (JsonProcessingException e) {
            throw new AssertionError(answer.toString(), e);
        }
    }
}
