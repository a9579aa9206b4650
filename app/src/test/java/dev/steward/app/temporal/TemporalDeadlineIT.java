package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.api.Pending;
import dev.steward.app.http.problem.Problem;
import dev.steward.app.support.JsonBodies;
import dev.steward.app.support.Ports;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.Specs;
import dev.steward.model.DesiredStatus;
import dev.steward.model.Reason;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.store.HostRepository;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import dev.steward.store.TransitionRepository;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * No call into Temporal waits without bound. With no worker, nothing runs a session's workflow
 * task, so every Update to it waits: the API answers 503 at the deadline, and other requests are
 * answered meanwhile. With Temporal out of reach the answer is 503 too, never a 409.
 */
@MicronautTest(transactional = false)
@Property(name = "steward.worker.enabled", value = "false")
@Property(name = "steward.api.temporal-timeout", value = "2s")
// One event loop: a request that blocked it would hold up every other, and the test would see it.
@Property(name = "micronaut.netty.event-loops.default.num-threads", value = "1")
class TemporalDeadlineIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    /**
     * What an answer may take beyond its deadline on a busy machine: the last retry's backoff, the database
     * writes, the answer itself. Without the deadline, the SDK goes on retrying an unreachable Temporal for
     * a minute.
     */
    private static final Duration SLACK = Duration.ofSeconds(6);
    /** What a request that waits for nothing may take on a busy 2-core machine. */
    private static final Duration PROMPT = Duration.ofSeconds(1);
    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    @Inject
    EmbeddedServer server;

    @Inject
    JsonMapper json;

    @Inject
    SessionRepository sessions;

    @Inject
    TransitionRepository transitions;

    @Inject
    HostRepository hosts;

    RawHttp http;

    @BeforeEach
    void setUp() {
        http = new RawHttp(server.getURL());
    }

    @Test
    void aStuckUpdateIsAnswered503AtTheDeadlineWhileOtherRequestsAreAnswered() throws Exception {
        UUID id = create(http, "stuck");
        CompletableFuture<RawAnswer> deleting = CompletableFuture.supplyAsync(() -> http.delete(sessionPath(id)));
        List<String> others = List.of(sessionPath(id), "/api/v1/statuses", "/api/v1/sessions?owner=stuck", "/api/v1/hosts");
        int answered = 0;
        while (!deleting.isDone()) {
            RawAnswer other = http.get(others.get(answered % others.size()));
            assertEquals(200, other.status(), other.toString());
            assertTrue(other.took().compareTo(PROMPT) < 0, "answered late while DELETE waited: " + other);
            answered++;
        }
        assertTrue(answered >= 10, "only " + answered + " requests were answered while DELETE waited");

        RawAnswer deleted = deleting.get(1, TimeUnit.SECONDS);
        assertUnavailable(deleted, "/problems/workflow-unresponsive");
        assertTrue(deleted.took().compareTo(TIMEOUT) >= 0, "answered before the deadline: " + deleted);
        assertTrue(deleted.took().compareTo(TIMEOUT.plus(SLACK)) <= 0, "answered long past the deadline: " + deleted);
        SessionRow row = sessions.findById(id).orElseThrow();
        assertEquals(DesiredStatus.RUNNING, row.desiredStatus());
        assertEquals(1, row.generation());
    }

    @Test
    void everyChangeToAStuckWorkflowIsAnsweredAtTheDeadline() {
        UUID id = create(http, "stuck-changes");
        String path = sessionPath(id);
        List<RawAnswer> answers = List.of(
                http.json("PUT", path + "/desired-status", "{\"desiredStatus\": \"STOPPED\"}"),
                http.json("PUT", path + "/timeslot", "{\"endAt\": \"2031-01-01T00:00:00Z\"}"),
                http.json("PUT", path + "/spec", JsonBodies.write(json, Specs.twoByTwo("stuck-changes"))),
                http.send("POST", path + "/reconcile", null, null),
                http.send("POST", path + "/parts/web/retry", null, null));
        for (RawAnswer answer : answers) {
            assertUnavailable(answer, "/problems/workflow-unresponsive");
            assertTrue(answer.took().compareTo(TIMEOUT.plus(SLACK)) <= 0, "answered long past the deadline: " + answer);
        }
    }

    @Test
    void temporalOutOfReachIsA503NeverAConflict() {
        UUID running = create(http, "unreachable");
        try (EmbeddedServer unreachable = ApplicationContext.run(EmbeddedServer.class, Map.of(
                "temporal.target", "127.0.0.1:" + Ports.free(), // nothing listens: refused at once
                "steward.worker.enabled", "false",
                "steward.api.temporal-timeout", "2s"), "test")) {
            RawHttp cut = new RawHttp(unreachable.getURL());

            RawAnswer update = cut.json("PUT", sessionPath(running) + "/desired-status", "{\"desiredStatus\": \"STOPPED\"}");
            assertUnavailable(update, "/problems/temporal-unavailable");
            assertTrue(update.took().compareTo(TIMEOUT.plus(SLACK)) <= 0, "answered long past the deadline: " + update);
            assertEquals(1, sessions.findById(running).orElseThrow().generation());

            assertUnavailable(cut.send("POST", sessionPath(running) + "/pods/web/server/restart", null, null),
                    "/problems/temporal-unavailable");

            RawAnswer created = cut.json("POST", "/api/v1/sessions", JsonBodies.write(json, Specs.twoByTwo("unreachable")));
            assertUnavailable(created, "/problems/temporal-unavailable");
            // The start and its undo each wait at most the timeout.
            assertTrue(created.took().compareTo(TIMEOUT.multipliedBy(2).plus(SLACK)) <= 0, created.toString());
            Matcher named = UUID_TEXT.matcher(problem(created).detail());
            assertTrue(named.find(), "the answer names the session it left: " + created);
            SessionRow unconfirmed = sessions.findById(UUID.fromString(named.group())).orElseThrow();
            assertEquals(SessionStatus.FAILED, unconfirmed.status());
            assertEquals(Reason.START_UNCONFIRMED.code(), unconfirmed.reason());
            assertTrue(transitions.findBySessionIdOldestFirst(unconfirmed.id()).stream()
                    .anyMatch(t -> t.toStatus().equals("FAILED") && t.reason().equals(Reason.START_UNCONFIRMED.code())));

            String host = "unreachable-" + UUID.randomUUID().toString().substring(0, 8);
            assertEquals(201, cut.json("POST", "/api/v1/hosts",
                    "{\"name\": \"" + host + "\", \"endpoint\": \"tcp://127.0.0.1:1\"}").status());
            RawAnswer deleted = cut.delete("/api/v1/hosts/" + host);
            assertEquals(202, deleted.status(), deleted.toString());
            assertTrue(JsonBodies.read(json, deleted, Pending.class).pending().contains("refresh"), deleted.toString());
            assertFalse(hosts.existsById(host), "the host is deleted even though its workflow is not ended yet");
        }
    }

    private UUID create(RawHttp client, String owner) {
        RawAnswer created = client.json("POST", "/api/v1/sessions", JsonBodies.write(json, Specs.twoByTwo(owner)));
        assertEquals(201, created.status(), created.toString());
        return JsonBodies.read(json, created, SessionView.class).id();
    }

    private void assertUnavailable(RawAnswer answer, String type) {
        assertEquals(503, answer.status(), answer.toString());
        assertTrue(answer.isProblem(), answer.toString());
        assertEquals(type, URI.create(problem(answer).type()).getPath(), answer.toString());
        assertTrue(URI.create(problem(answer).type()).isAbsolute(), answer.toString());
        assertNotNull(answer.retryAfter(), "no Retry-After: " + answer);
        assertTrue(Integer.parseInt(answer.retryAfter()) > 0, answer.toString());
    }

    private Problem problem(RawAnswer answer) {
        return JsonBodies.read(json, answer, Problem.class);
    }

    private static String sessionPath(UUID id) {
        return "/api/v1/sessions/" + id;
    }
}
