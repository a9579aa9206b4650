package dev.steward.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.steward.app.support.EventDeliveries;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.DesiredStatus;
import dev.steward.model.EnvValue;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import io.cloudevents.CloudEvent;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An event source acts for its owner only: the sessions its events create are its owner's whatever the
 * events say, take values only from its owner's secrets and never the host's network, its events reach
 * no other owner's session, and it drives only the Steward event types and triggers it lists. Its
 * events' data fills templates in as text, never as objects. A source an admin lets act for every
 * owner keeps the owner its events name.
 */
@MicronautTest
class EventSourceOwnersIT extends SessionApiBase {

    private static final String CREATE = StewardEventTypes.CREATE;

    @Inject
    EmbeddedServer server;

    private RawHttp http;
    private EventDeliveries events;
    private String run;
    private String alice;
    private String bob;
    private final List<String> sources = new ArrayList<>();
    private final List<String> triggers = new ArrayList<>();
    private final List<UUID> sessions = new ArrayList<>();

    @BeforeEach
    void owners() {
        http = new RawHttp(server.getURL());
        events = new EventDeliveries(http);
        run = UUID.randomUUID().toString().substring(0, 8);
        alice = "alice-" + run;
        bob = "bob-" + run;
    }

    @AfterEach
    void cleanUp() {
        triggers.forEach(events::deleteTrigger);
        sources.forEach(events::deleteSource);
        for (UUID id : sessions) {
            if (api.get(id).status() != SessionStatus.DELETED) {
                api.delete(id);
            }
            api.awaitStatus(id, SessionStatus.DELETED);
        }
    }

    @Test
    void aSourcesSessionsAreItsOwnersAndEventDataFillsTemplatesInAsTextOnly() {
        String trigger = "grade-" + run;
        String source = "https://" + bob + ".example.com/";
        String token = register(bob, source, Map.of("owner", bob, "types", List.of(CREATE), "triggers", List.of(trigger)));
        createTrigger(Map.of("name", trigger, "action", "create-session",
                "filter", Map.of("exact", Map.of("type", "com.example.submission")),
                "template", Map.of("owner", "${data.user}", "desiredStatus", "STOPPED",
                        "parts", List.of(Map.of("name", "grader", "pods", List.of(Map.of("name", "run",
                                "image", Specs.BUSYBOX, "env", Map.of("SUBMISSION", "${data.submission}",
                                        "ATTEMPT", "${data.attempt}"))))))));

        CloudEvent create = EventDeliveries.event(source, CREATE, null, stopped(alice, Map.of()));
        SessionView created = awaitSession(token, create);
        assertEquals(bob, created.owner(), "the source's owner, not the event's");

        Map<String, Object> injected = Map.of("valueFrom", new TreeMap<>(Map.of("secret", "db", "key", "password")));
        CloudEvent submission = EventDeliveries.event(source, "com.example.submission", null,
                Map.of("user", alice, "submission", injected, "attempt", 3));
        SessionView fromTemplate = awaitSession(token, submission);
        assertEquals(bob, fromTemplate.owner(), "the source's owner, not the one the template takes from the data");
        Map<String, EnvValue> env = fromTemplate.spec().parts().getFirst().pods().getFirst().env();
        assertEquals(EnvValue.of("{\"valueFrom\":{\"key\":\"password\",\"secret\":\"db\"}}"), env.get("SUBMISSION"),
                "an object of the data is text in the template, no secret reference");
        assertEquals(EnvValue.of("3"), env.get("ATTEMPT"), "a number is text too");
    }

    @Test
    void aSourceActsOnlyOnItsOwnersSessionsAndAnotherOwnersAnswersAsNone() {
        String trigger = "pause-" + run;
        String aliceSource = "https://" + alice + ".example.com/";
        String bobSource = "https://" + bob + ".example.com/";
        List<String> sessionTypes = List.of(StewardEventTypes.DESIRED_STATUS, StewardEventTypes.DELETE);
        String alices = register(alice, aliceSource, Map.of("owner", alice, "types", sessionTypes));
        String bobs = register(bob, bobSource, Map.of("owner", bob, "types", sessionTypes, "triggers", List.of(trigger)));
        createTrigger(Map.of("name", trigger, "action", "set-desired-status", "desiredStatus", "RUNNING",
                "session", "data.session", "filter", Map.of("exact", Map.of("type", "com.example.resume"))));
        UUID session = api.create(stopped(alice, Map.of())).id();
        sessions.add(session);
        String none = UUID.randomUUID().toString();

        for (String target : List.of(session.toString(), none)) {
            CloudEvent resume = EventDeliveries.event(bobSource, StewardEventTypes.DESIRED_STATUS, "sessions/" + target,
                    Map.of("desiredStatus", "RUNNING"));
            CloudEvent delete = EventDeliveries.event(bobSource, StewardEventTypes.DELETE, "sessions/" + target, null);
            CloudEvent triggered = EventDeliveries.event(bobSource, "com.example.resume", null,
                    Map.of("session", "sessions/" + target));
            for (CloudEvent event : List.of(resume, delete, triggered)) {
                assertEquals(202, events.binary(bobs, event).status());
                String outcome = events.awaitDispatched(bobSource, event.getId()).get("outcome").asText();
                assertTrue(outcome.endsWith("refused: session " + target + " does not exist"), outcome);
            }
        }
        SessionView untouched = api.get(session);
        assertEquals(DesiredStatus.STOPPED, untouched.desiredStatus());
        assertEquals(1, untouched.generation(), "no change reached it");

        CloudEvent own = EventDeliveries.event(aliceSource, StewardEventTypes.DELETE, "sessions/" + session, null);
        assertEquals(202, events.binary(alices, own).status());
        api.awaitStatus(session, SessionStatus.DELETED);
    }

    @Test
    void aSourceSendsOnlyTheStewardTypesAndFiresOnlyTheTriggersItLists() {
        String listed = "listed-" + run;
        String unlisted = "unlisted-" + run;
        String source = "https://" + bob + ".example.com/";
        String token = register(bob, source, Map.of("owner", bob, "triggers", List.of(listed)));
        for (String name : List.of(listed, unlisted)) {
            createTrigger(Map.of("name", name, "action", "create-session",
                    "filter", Map.of("exact", Map.of("type", "com.example." + name)),
                    "template", stopped(bob, Map.of())));
        }

        RawAnswer refused = events.binary(token, EventDeliveries.event(source, CREATE, null, stopped(bob, Map.of())));
        assertEquals(403, refused.status(), refused::toString);
        assertTrue(refused.isProblem(), refused::toString);
        assertTrue(refused.body().contains(CREATE), refused::toString);
        assertEquals(List.of(), events.stored(source), "nothing of the refused delivery is stored");

        CloudEvent notFired = EventDeliveries.event(source, "com.example." + unlisted, null, null);
        assertEquals(202, events.binary(token, notFired).status());
        JsonNode stored = events.awaitDispatched(source, notFired.getId());
        assertFalse(stored.get("matched").asBoolean(), stored.toString());
        assertTrue(stored.get("outcome").asText().contains("none of the 1 trigger(s) event source " + bob), stored.toString());
        assertEquals(bob, stored.get("owner").asText(), "the event is its source's owner's");

        assertEquals(bob, awaitSession(token, EventDeliveries.event(source, "com.example." + listed, null, null)).owner());
    }

    @Test
    void anEventsSessionTakesSecretsOnlyFromItsSourcesOwnerAndNeverTheHostsNetwork() {
        String secret = "db-" + run;
        createSecret(alice, secret);
        String source = "https://" + bob + ".example.com/";
        String token = register(bob, source, Map.of("owner", bob, "types", List.of(CREATE)));
        Map<String, Object> usesSecret = Map.of("PASSWORD", Map.of("valueFrom", Map.of("secret", secret, "key", "password")));

        CloudEvent alicesSecret = EventDeliveries.event(source, CREATE, null, stopped(alice, usesSecret));
        assertEquals(202, events.binary(token, alicesSecret).status());
        String outcome = events.awaitDispatched(source, alicesSecret.getId()).get("outcome").asText();
        assertTrue(outcome.contains("owner '" + bob + "' has no secret named '" + secret + "'"), outcome);
        RawAnswer none = http.get("/api/v1/sessions/" + EventActions.sessionIdOf(source, alicesSecret.getId()));
        assertEquals(404, none.status(), "no session was made: " + none);

        CloudEvent hostNetwork = EventDeliveries.event(source, CREATE, null, Map.of("owner", bob, "desiredStatus",
                "STOPPED", "parts", List.of(Map.of("name", "web", "pods", List.of(Map.of("name", "a",
                        "image", Specs.BUSYBOX, "hostNetwork", true))))));
        assertEquals(202, events.binary(token, hostNetwork).status());
        outcome = events.awaitDispatched(source, hostNetwork.getId()).get("outcome").asText();
        assertTrue(outcome.contains("parts[0].pods[0].hostNetwork needs an OPERATOR or ADMIN token"), outcome);

        createSecret(bob, secret);
        SessionView bobs = awaitSession(token, EventDeliveries.event(source, CREATE, null, stopped(alice, usesSecret)));
        assertEquals(bob, bobs.owner());
        assertTrue(bobs.spec().parts().getFirst().pods().getFirst().env().get("PASSWORD").isSecret());
    }

    @Test
    void aSourceForEveryOwnerKeepsTheOwnerItsEventsName() {
        String source = "https://every-" + run + ".example.com/";
        String name = "every-" + run;
        RawAnswer both = http.json("POST", "/api/v1/event-sources", new String(EventDeliveries.write(Map.of("name", name,
                "source", source, "owner", alice, "allOwners", true, "types", List.of("dev.steward.session.stop"),
                "triggers", List.of("Not_A_Name")))));
        assertEquals(422, both.status(), both::toString);
        for (String field : List.of("owner", "types[0]", "triggers[0]")) {
            assertTrue(both.body().contains("\"field\":\"" + field + "\""), field + ": " + both);
        }

        String token = register(name, source, Map.of("allOwners", true, "types", List.of(CREATE, StewardEventTypes.DELETE)));
        JsonNode registered = events.read(http.get("/api/v1/event-sources/" + name));
        assertTrue(registered.get("allOwners").asBoolean(), registered.toString());
        assertFalse(registered.hasNonNull("owner"), registered.toString());

        CloudEvent create = EventDeliveries.event(source, CREATE, null, stopped(alice, Map.of()));
        UUID id = awaitSession(token, create).id();
        assertEquals(alice, api.get(id).owner());
        assertFalse(events.awaitDispatched(source, create.getId()).hasNonNull("owner"), "an event of every owner");
        assertEquals(202, events.binary(token, EventDeliveries.event(source, StewardEventTypes.DELETE, "sessions/" + id,
                null)).status());
        api.awaitStatus(id, SessionStatus.DELETED);
    }

    /** Registers an event source of the test's for every source under {@code prefix}; returns its token. */
    private String register(String name, String prefix, Map<String, Object> fields) {
        String token = events.registerSource(name, prefix, List.of(), fields);
        sources.add(name);
        return token;
    }

    private void createTrigger(Map<String, Object> trigger) {
        RawAnswer created = events.createTrigger(trigger);
        assertEquals(201, created.status(), created::toString);
        triggers.add((String) trigger.get("name"));
    }

    private void createSecret(String owner, String name) {
        RawAnswer created = http.json("POST", "/api/v1/secrets", "{\"owner\":\"" + owner + "\",\"name\":\"" + name
                + "\",\"data\":{\"password\":\"p-" + run + "\"}}");
        assertEquals(201, created.status(), created::toString);
    }

    /** Delivers the event and waits for the session it creates. */
    private SessionView awaitSession(String token, CloudEvent event) {
        assertEquals(202, events.binary(token, event).status());
        UUID id = EventActions.sessionIdOf(event.getSource().toString(), event.getId());
        sessions.add(id);
        return api.awaitCreated(id);
    }

    /** A stopped session of one pod (no container is made), its env as given. */
    private static Map<String, Object> stopped(String owner, Map<String, Object> env) {
        return Map.of("owner", owner, "desiredStatus", "STOPPED", "parts", List.of(Map.of("name", "web",
                "pods", List.of(Map.of("name", "a", "image", Specs.BUSYBOX, "env", env)))));
    }
}
