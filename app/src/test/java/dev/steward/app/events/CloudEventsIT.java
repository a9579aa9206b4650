package dev.steward.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.dockerjava.api.model.Container;
import dev.steward.app.api.TransitionView;
import dev.steward.app.support.EventDeliveries;
import dev.steward.app.support.EventDeliveries.Mode;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.cloudevents.CloudEvent;
import io.cloudevents.core.builder.CloudEventBuilder;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * CloudEvents in, end to end, written by cloudevents-java's own HTTP writer as a real sender writes them, on the
 * real engine:
 * <ul>
 *   <li>each of Steward's event types takes effect in binary, structured and batch mode, its transitions naming
 *       the event;
 *   <li>the same create event sent 50 times at once makes one session and one container;
 *   <li>a {@code create-session} trigger with an {@code sql} filter builds its session from the event's data,
 *       while an event that matches nothing is stored and listed unmatched;
 *   <li>a missing or unknown token is a 401, another source's token a 403; the handshake answers allowed origins
 *       only; an event source from configuration works with its configured token;
 *   <li>malformed events and batches are 400s naming the attribute, with nothing stored;
 *   <li>a part awaiting {@code com.example.dataset.ready} is {@code WAITING} until that event comes, then runs
 *       with the event in its environment, and a part with {@code completesOn} completes on its result event.
 * </ul>
 */
@MicronautTest
class CloudEventsIT extends SessionApiBase {

    private static final String CREATE = "dev.steward.session.create";

    @Inject
    EmbeddedServer server;

    private EventDeliveries events;
    private String sourceName;
    private String prefix;
    private String token;
    private final List<UUID> sessions = new ArrayList<>();
    private final List<String> triggers = new ArrayList<>();

    /** A source acting for owner {@code event-<its name>}, which may send every Steward type and fire this test's triggers. */
    @BeforeEach
    void registerSource() {
        events = new EventDeliveries(new RawHttp(server.getURL()));
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        sourceName = "it-" + suffix;
        prefix = "https://ci.example.com/" + suffix + "/";
        token = events.registerSource(sourceName, prefix, List.of("ci.example.com"), Map.of("owner", "event-" + sourceName,
                "types", StewardEventTypes.ALL, "triggers", List.of(trigger("submission"), trigger("stop"),
                        trigger("move"), trigger("delete"))));
    }

    /** The name of this test's trigger of that kind. */
    private String trigger(String kind) {
        return "it-" + kind + "-" + sourceName.substring(3);
    }

    @AfterEach
    void cleanUp() {
        triggers.forEach(events::deleteTrigger);
        for (UUID id : sessions) {
            if (api.awaitCreated(id).status() != SessionStatus.DELETED) {
                api.delete(id);
            }
            api.awaitStatus(id, SessionStatus.DELETED);
        }
        events.deleteSource(sourceName);
    }

    @Test
    void everyStewardEventTypeTakesEffectInEveryMode() {
        for (Mode mode : Mode.values()) {
            String source = prefix + mode.name().toLowerCase();
            CloudEvent create = EventDeliveries.event(source, CREATE, null, oneSleeper(mode.name().toLowerCase()));
            assertEquals(202, events.deliver(mode, token, create).status(), mode.name());
            UUID id = EventActions.sessionIdOf(source, create.getId());
            sessions.add(id);
            api.awaitCreated(id);
            api.awaitConverged(id, SessionStatus.RUNNING);

            CloudEvent stop = EventDeliveries.event(source, "dev.steward.session.desired-status", "sessions/" + id,
                    Map.of("desiredStatus", "STOPPED"));
            assertEquals(202, events.deliver(mode, token, stop).status(), mode.name());
            api.awaitConverged(id, SessionStatus.STOPPED);
            assertEquals(List.of(), engine.containersOf(id));
            TransitionView stopping = api.transitions(id).stream()
                    .filter(t -> "Event".equals(t.reason()) && t.message().contains(stop.getId())).findFirst()
                    .orElseThrow(() -> new AssertionError(mode + ": no transition names " + stop.getId()));
            assertTrue(stopping.message().contains("dev.steward.session.desired-status"), stopping.message());
            assertTrue(stopping.message().contains(source), stopping.message());

            Instant endAt = Instant.now().plus(3, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
            CloudEvent move = EventDeliveries.event(source, "dev.steward.session.timeslot", "sessions/" + id,
                    Map.of("endAt", endAt.toString(), "cleanupDeadline", endAt.plus(1, ChronoUnit.HOURS).toString()));
            assertEquals(202, events.deliver(mode, token, move).status(), mode.name());
            Eventually.await(mode + ": timeslot moved", SessionApi.DEADLINE,
                    () -> api.get(id), view -> endAt.equals(view.timeslot().endAt()));

            CloudEvent delete = EventDeliveries.event(source, "dev.steward.session.delete", "sessions/" + id, null);
            assertEquals(202, events.deliver(mode, token, delete).status(), mode.name());
            api.awaitStatus(id, SessionStatus.DELETED);

            for (CloudEvent sent : List.of(create, stop, move, delete)) {
                JsonNode stored = events.awaitDispatched(source, sent.getId());
                assertTrue(stored.get("matched").asBoolean(), stored.toString());
                assertEquals(List.of(id.toString()), texts(stored.path("sessions")), stored.toString());
            }
        }
    }

    @Test
    void theSameEventFiftyTimesAtOnceMakesOneSessionAndOneSetOfContainers() throws Exception {
        String source = prefix + "burst";
        CloudEvent create = EventDeliveries.event(source, CREATE, null, oneSleeper(sourceName));
        UUID id = EventActions.sessionIdOf(source, create.getId());
        sessions.add(id);
        ExecutorService senders = Executors.newFixedThreadPool(50);
        try {
            List<Callable<Integer>> sends = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                sends.add(() -> events.binary(token, create).status());
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> sent : senders.invokeAll(sends)) {
                statuses.add(sent.get());
            }
            assertEquals(1, statuses.stream().filter(status -> status == 202).count(), statuses.toString());
            assertEquals(49, statuses.stream().filter(status -> status == 200).count(), statuses.toString());
        } finally {
            senders.shutdownNow();
        }
        api.awaitCreated(id);
        api.awaitConverged(id, SessionStatus.RUNNING);
        events.awaitDispatched(source, create.getId());
        assertEquals(1, events.stored(source).size());
        assertEquals(List.of(id), api.listByOwner("event-" + sourceName).stream().map(SessionView::id).toList());
        List<Container> containers = engine.containersOf(id);
        assertEquals(1, containers.size(), containers.toString());
    }

    @Test
    void aCreateSessionTriggerWithAnSqlFilterBuildsTheSessionFromTheEventsData() {
        String trigger = trigger("submission");
        Map<String, Object> template = Map.of(
                "owner", "${data.user}",
                "parts", List.of(Map.of("name", "grader", "pods", List.of(Map.of(
                        "name", "run", "image", Specs.BUSYBOX, "command", List.of("sleep", "3600"),
                        "env", Map.of("SUBMISSION", "${data.submission}", "FROM", "${subject} via ${source}"))))));
        RawAnswer refused = events.createTrigger(Map.of("name", trigger, "filter", Map.of("sql", "type = "),
                "action", "create-session", "template", template));
        assertEquals(422, refused.status(), refused.toString());
        assertTrue(refused.body().contains("filter.sql"), refused.toString());

        RawAnswer created = events.createTrigger(Map.of("name", trigger,
                "filter", Map.of("sql", "type = 'com.example.submission' AND source LIKE '" + prefix + "%'"),
                "action", "create-session", "template", template));
        assertEquals(201, created.status(), created.toString());
        triggers.add(trigger);
        RawAnswer listed = new RawHttp(server.getURL()).get("/api/v1/triggers/" + trigger);
        assertEquals(200, listed.status(), listed.toString());
        assertTrue(listed.body().contains("create-session"), listed.toString());

        String source = prefix + "course";
        CloudEvent submission = EventDeliveries.event(source, "com.example.submission", "course/7",
                Map.of("user", "student-" + sourceName, "submission", "s-42"));
        assertEquals(202, events.structured(token, submission).status());
        UUID id = EventActions.sessionIdOf(source, submission.getId());
        sessions.add(id);
        api.awaitCreated(id);
        SessionView running = api.awaitConverged(id, SessionStatus.RUNNING);
        assertEquals("event-" + sourceName, running.owner(), "the source's owner, not the template's");
        List<String> env = Arrays.asList(docker.inspectContainerCmd(running.parts().getFirst().pods().getFirst()
                .containerId()).exec().getConfig().getEnv());
        assertTrue(env.contains("SUBMISSION=s-42"), env.toString());
        assertTrue(env.contains("FROM=course/7 via " + source), env.toString());
        JsonNode dispatched = events.awaitDispatched(source, submission.getId());
        assertTrue(dispatched.get("outcome").asText().contains("trigger " + trigger), dispatched.toString());

        CloudEvent unmatched = EventDeliveries.event(source, "com.example.other", null, Map.of("user", "x"));
        assertEquals(202, events.binary(token, unmatched).status());
        JsonNode stored = events.awaitDispatched(source, unmatched.getId());
        assertFalse(stored.get("matched").asBoolean(), stored.toString());
        assertTrue(stored.get("outcome").asText().startsWith("matched nothing"), stored.toString());
        assertEquals(List.of(), texts(stored.path("sessions")));
    }

    @Test
    void triggersStopMoveAndDeleteTheSessionTheirEventNames() {
        UUID id = api.create(oneSleeper(sourceName)).id();
        sessions.add(id);
        api.awaitConverged(id, SessionStatus.RUNNING);
        Map<String, Object> byType = Map.of("prefix", Map.of("source", prefix));
        createTrigger(Map.of("name", trigger("stop"), "action", "set-desired-status", "desiredStatus", "STOPPED",
                "session", "data.session", "filter", Map.of("all", List.of(byType,
                        Map.of("exact", Map.of("type", "com.example.course.paused"))))));
        createTrigger(Map.of("name", trigger("move"), "action", "move-timeslot",
                "timeslot", Map.of("endAt", "${data.endAt}", "cleanupDeadline", "${data.cleanupDeadline}"),
                "filter", Map.of("all", List.of(byType, Map.of("suffix", Map.of("type", ".extended"))))));
        createTrigger(Map.of("name", trigger("delete"), "action", "delete",
                "filter", Map.of("all", List.of(byType, Map.of("exact", Map.of("type", "com.example.course.ended"))))));

        String source = prefix + "course";
        CloudEvent paused = EventDeliveries.event(source, "com.example.course.paused", null,
                Map.of("session", "sessions/" + id));
        assertEquals(202, events.binary(token, paused).status());
        api.awaitConverged(id, SessionStatus.STOPPED);
        assertTrue(events.awaitDispatched(source, paused.getId()).get("outcome").asText()
                .contains("trigger " + trigger("stop")), "the trigger is named in the outcome");

        Instant endAt = Instant.now().plus(5, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
        CloudEvent extended = EventDeliveries.event(source, "com.example.course.extended", "sessions/" + id,
                Map.of("endAt", endAt.toString(), "cleanupDeadline", endAt.plus(1, ChronoUnit.HOURS).toString()));
        assertEquals(202, events.structured(token, extended).status());
        Eventually.await("timeslot moved by trigger", SessionApi.DEADLINE,
                () -> api.get(id), view -> endAt.equals(view.timeslot().endAt()));

        CloudEvent ended = EventDeliveries.event(source, "com.example.course.ended", "sessions/" + id, null);
        assertEquals(202, events.binary(token, ended).status());
        api.awaitStatus(id, SessionStatus.DELETED);
        assertTrue(events.awaitDispatched(source, ended.getId()).get("outcome").asText()
                .contains("desired DELETED"), "the trigger deleted the session");
        assertTrue(api.transitions(id).stream().anyMatch(t -> "Event".equals(t.reason())
                && t.message().contains(paused.getId())), "a transition names the stopping event");
    }

    private void createTrigger(Map<String, Object> trigger) {
        RawAnswer created = events.createTrigger(trigger);
        assertEquals(201, created.status(), created.toString());
        triggers.add((String) trigger.get("name"));
    }

    @Test
    void tokensAreCheckedAndTheWebHooksHandshakeAnswersAllowedOrigins() {
        String source = prefix + "auth";
        CloudEvent event = EventDeliveries.event(source, "com.example.ping", null, null);
        RawAnswer missing = events.binary(null, event);
        assertEquals(401, missing.status(), missing.toString());
        assertTrue(missing.isProblem(), missing.toString());
        assertTrue(missing.header("WWW-Authenticate").startsWith("Bearer"), missing.toString());
        assertEquals(401, events.binary("ste_not-a-token", event).status());

        String otherName = sourceName + "-other";
        String otherToken = events.registerSource(otherName, "https://other.example.com/", List.of("other.example.com"));
        try {
            RawAnswer foreign = events.binary(otherToken, event);
            assertEquals(403, foreign.status(), foreign.toString());
            assertTrue(foreign.isProblem(), foreign.toString());
            assertTrue(foreign.body().contains(otherName), foreign.toString());

            RawAnswer allowed = events.handshake(token, "ci.example.com");
            assertEquals(200, allowed.status(), allowed.toString());
            assertEquals("ci.example.com", allowed.header("WebHook-Allowed-Origin"));
            assertEquals("600", allowed.header("WebHook-Allowed-Rate"), "steward.events.rate.per-minute");
            RawAnswer otherOrigin = events.handshake(token, "other.example.com");
            assertEquals(403, otherOrigin.status(), otherOrigin.toString());
            assertNull(otherOrigin.header("WebHook-Allowed-Origin"));
            assertEquals(200, events.handshake(null, "other.example.com").status());
            assertEquals(403, events.handshake(null, "nobody.example.com").status());
        } finally {
            events.deleteSource(otherName);
        }
        assertEquals(List.of(), events.stored(source));
    }

    @Test
    void aSourceFromConfigurationTakesEventsWithItsConfiguredToken() {
        String configuredToken = "it-configured-token-0123456789";
        String source = "https://configured.example.com/" + sourceName;
        CloudEvent event = EventDeliveries.event(source, "com.example.ping", null, null);
        assertEquals(202, events.binary(configuredToken, event).status());
        assertEquals(403, events.binary(token, event).status(), "another source's token");
        assertEquals("configured.example.com",
                events.handshake(configuredToken, "configured.example.com").header("WebHook-Allowed-Origin"));
        RawHttp http = new RawHttp(server.getURL());
        RawAnswer kept = http.delete("/api/v1/event-sources/configured-it");
        assertEquals(409, kept.status(), kept.toString());
        JsonNode configured = events.read(http.get("/api/v1/event-sources/configured-it"));
        assertEquals("configured-it", configured.get("owner").asText(), "a configured source without owner is its own");
        assertFalse(configured.path("allOwners").asBoolean(), configured.toString());
        assertEquals(List.of(), texts(configured.path("types")), "it sends no Steward event type unless configured to");
        assertEquals("configured-it", events.awaitDispatched(source, event.getId()).get("sender").asText());
    }

    @Test
    void malformedEventsAndBatchesAreRefusedAndNothingIsStored() {
        String source = prefix + "malformed";
        Map<String, Object> good = Map.of("specversion", "1.0", "id", "good-1", "source", source, "type", "com.example.x");
        assertRefused(structured(Map.of("specversion", "1.0", "source", source, "type", "com.example.x")), "id");
        assertRefused(structured(Map.of("specversion", "0.3", "id", "a", "source", source, "type", "com.example.x")),
                "specversion");
        assertRefused(structured(Map.of("specversion", "1.0", "id", "a", "source", source)), "type");
        assertRefused(events.raw(token, "application/cloudevents+json", "{not json".getBytes(StandardCharsets.UTF_8)), "body");
        assertRefused(events.send(token, Map.of("ce-specversion", "1.0", "ce-id", "b", "ce-source", source,
                "Content-Type", "text/plain"), "x".getBytes(StandardCharsets.UTF_8)), "type");
        assertRefused(events.send(token, Map.of("ce-specversion", "1.0", "ce-id", "c", "ce-source", source,
                "ce-type", "com.example.x", "Content-Type", "application/json"),
                "{\"broken\": ".getBytes(StandardCharsets.UTF_8)), "data");
        assertRefused(events.raw(token, EventDeliveries.BATCH, EventDeliveries.write(List.of(good,
                Map.of("specversion", "1.0", "source", source, "type", "com.example.x")))), "[1].id");
        assertEquals(List.of(), events.stored(source), "nothing of a refused delivery is stored");

        CloudEvent valid = CloudEventBuilder.v1().withId("good-1").withSource(URI.create(source))
                .withType("com.example.x").build();
        assertEquals(202, events.binary(token, valid).status());
        assertEquals(200, events.structured(token, valid).status(), "the same source and id again");
        assertEquals(1, events.stored(source).size());
    }

    @Test
    void aPartAwaitingAnEventWaitsForItThenRunsAndSeesItAndAPartCompletesOnItsResult() {
        String source = prefix + "pipeline";
        Map<String, Object> submit = Map.of("name", "submit", "pods", List.of(Specs.sleeper("client")),
                "completesOn", Map.of("type", "com.example.grading.done"));
        Map<String, Object> train = Map.of("name", "train", "pods", List.of(Specs.sleeper("trainer")),
                "awaits", List.of(Map.of("type", "com.example.dataset.ready", "source", source)));
        Map<String, Object> report = Map.of("name", "report", "pods", List.of(Specs.sleeper("reporter")),
                "after", List.of("submit"), "when", "COMPLETED");
        UUID id = api.create(Map.of("owner", "event-" + sourceName, "parts", List.of(submit, train, report))).id();
        sessions.add(id);

        SessionView waiting = Eventually.await("train awaits its event", SessionApi.DEADLINE, () -> api.get(id),
                view -> part(view, "submit").status() == PartStatus.READY
                        && part(view, "train").status() == PartStatus.WAITING);
        assertEquals("AwaitingEvent", part(waiting, "train").reason());
        assertTrue(part(waiting, "train").message().contains("com.example.dataset.ready"), part(waiting, "train").message());
        assertEquals(PartStatus.WAITING, part(waiting, "report").status());

        CloudEvent ready = EventDeliveries.event(source, "com.example.dataset.ready", "sessions/" + id,
                Map.of("dataset", "d-1"));
        assertEquals(202, events.binary(token, ready).status());
        SessionView training = Eventually.await("train runs", SessionApi.DEADLINE, () -> api.get(id),
                view -> part(view, "train").status() == PartStatus.READY);
        List<String> env = Arrays.asList(docker.inspectContainerCmd(part(training, "train").pods().getFirst()
                .containerId()).exec().getConfig().getEnv());
        assertTrue(env.contains("STEWARD_EVENT_ID=" + ready.getId()), env.toString());
        assertTrue(env.contains("STEWARD_EVENT_TYPE=com.example.dataset.ready"), env.toString());
        assertTrue(env.contains("STEWARD_EVENT_SOURCE=" + source), env.toString());
        assertTrue(env.contains("STEWARD_EVENT_DATA={\"dataset\":\"d-1\"}"), env.toString());
        JsonNode delivered = events.awaitDispatched(source, ready.getId());
        assertEquals(List.of(id.toString()), texts(delivered.path("sessions")), delivered.toString());
        assertEquals(PartStatus.WAITING, part(api.get(id), "report").status());

        CloudEvent done = EventDeliveries.event(source, "com.example.grading.done", "sessions/" + id,
                Map.of("grade", "A"));
        assertEquals(202, events.structured(token, done).status());
        SessionView completed = api.awaitConverged(id, SessionStatus.RUNNING);
        Eventually.await("submit completed and report runs", SessionApi.DEADLINE, () -> api.get(id),
                view -> part(view, "submit").status() == PartStatus.COMPLETED
                        && part(view, "report").status() == PartStatus.READY);
        assertTrue(api.transitions(id).stream().anyMatch(t -> "Event".equals(t.reason())
                && t.message().contains(done.getId()) && "COMPLETED".equals(t.to())),
                "a transition names the event that completed submit");
        assertTrue(engine.containersOf(id).stream().noneMatch(c -> "submit".equals(c.getLabels().get("steward.part"))),
                "the completed part's containers are gone");
        assertEquals(SessionStatus.RUNNING, completed.status());
    }

    private static PartView part(SessionView view, String name) {
        return view.parts().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    private RawAnswer structured(Map<String, Object> event) {
        return events.raw(token, "application/cloudevents+json", EventDeliveries.write(event));
    }

    private static void assertRefused(RawAnswer answer, String field) {
        assertEquals(400, answer.status(), answer.toString());
        assertTrue(answer.isProblem(), answer.toString());
        assertTrue(answer.body().contains("\"field\":\"" + field + "\""), field + " is not named: " + answer);
    }

    private static Map<String, Object> oneSleeper(String owner) {
        return Map.of("owner", "event-" + owner, "parts", List.of(Specs.part("main", "sleeper")));
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }
}
