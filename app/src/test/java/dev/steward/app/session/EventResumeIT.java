package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.events.StewardEventTypes;
import dev.steward.app.support.EventDeliveries;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.workflow.support.Eventually;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.EventCause;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.store.SessionRepository;
import dev.steward.workflow.session.SessionWorkflow;
import io.cloudevents.CloudEvent;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.temporal.client.WorkflowClient;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A session resumed from the read model keeps the CloudEvents it had: a part that awaited an event that came
 * before the loss keeps its container and the event in its environment, a part whose event has not come stays
 * WAITING, and an event applied before the loss, dispatched again after it, changes nothing. The events are kept
 * in PostgreSQL with the session.
 */
@MicronautTest(transactional = false)
class EventResumeIT extends SessionApiBase {

    @Inject
    EmbeddedServer server;

    @Inject
    SessionResume resume;

    @Inject
    SessionCommands service;

    @Inject
    SessionRepository sessions;

    @Inject
    WorkflowClient temporal;

    @Test
    void aResumedSessionKeepsItsEvents() {
        EventDeliveries events = new EventDeliveries(new RawHttp(server.getURL()));
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String name = "it-" + suffix;
        String source = "https://ci.example.com/" + suffix + "/pipeline";
        String token = events.registerSource(name, "https://ci.example.com/" + suffix + "/", List.of(),
                Map.of("owner", "event-" + name, "types", StewardEventTypes.ALL));
        Map<String, Object> train = Map.of("name", "train", "pods", List.of(Specs.sleeper("trainer")),
                "awaits", List.of(Map.of("type", "com.example.dataset.ready", "source", source)));
        Map<String, Object> later = Map.of("name", "later", "pods", List.of(Specs.sleeper("waiter")),
                "awaits", List.of(Map.of("type", "com.example.never")));
        UUID id = api.create(Map.of("owner", "event-" + name, "parts", List.of(train, later))).id();
        try {
            CloudEvent ready = EventDeliveries.event(source, "com.example.dataset.ready", "sessions/" + id,
                    Map.of("dataset", "d-1"));
            assertEquals(202, events.binary(token, ready).status());
            Eventually.await("train runs", SessionApi.DEADLINE, () -> api.get(id),
                    view -> part(view, "train").status() == PartStatus.READY);
            // An event applies to the session: stopped by it, then running again by the API.
            CloudEvent stop = EventDeliveries.event(source, StewardEventTypes.DESIRED_STATUS, "sessions/" + id,
                    Map.of("desiredStatus", "STOPPED"));
            assertEquals(202, events.binary(token, stop).status());
            api.awaitStatus(id, SessionStatus.STOPPED);
            api.setDesiredStatus(id, "RUNNING");
            String trainer = Eventually.await("train runs again", SessionApi.DEADLINE, () -> api.get(id),
                    view -> part(view, "train").status() == PartStatus.READY
                            && part(view, "train").pods().getFirst().containerId() != null)
                    .parts().stream().filter(p -> p.name().equals("train")).findFirst().orElseThrow()
                    .pods().getFirst().containerId();
            assertTrue(env(trainer).contains("STEWARD_EVENT_ID=" + ready.getId()), env(trainer).toString());

            // Temporal loses the session's workflow; the read model resumes it.
            temporal.newUntypedWorkflowStub(WorkflowIds.session(id)).terminate("lost, as a Temporal without its data");
            assertTrue(resume.ifMissing(sessions.findById(id).orElseThrow()));

            // What the resumed run sees, once its parts reported: train adopted, later not started.
            SessionWorkflow session = temporal.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(id));
            SessionView resumed = Eventually.await("the resumed run's parts shown", SessionApi.DEADLINE, () -> session.tree(),
                    view -> part(view, "train").status() == PartStatus.READY
                            && part(view, "later").status() != PartStatus.PENDING);
            assertEquals(PartStatus.WAITING, part(resumed, "later").status(), resumed.toString());
            assertEquals("AwaitingEvent", part(resumed, "later").reason());
            assertEquals(trainer, part(resumed, "train").pods().getFirst().containerId(),
                    "the trainer kept its container: its spec, event included, is the same");
            List<String> env = env(trainer);
            assertTrue(env.contains("STEWARD_EVENT_ID=" + ready.getId()), env.toString());
            assertTrue(env.contains("STEWARD_EVENT_DATA={\"dataset\":\"d-1\"}"), env.toString());
            assertTrue(engine.containersOf(id).stream()
                    .noneMatch(c -> "later".equals(c.getLabels().get("steward.part"))), "later did not start");

            // The stop event dispatched again, as after a dispatcher's crash: it was applied before, so nothing.
            var again = service.setDesiredStatusOnEvent(id, DesiredStatus.STOPPED,
                    new EventCause(stop.getId(), stop.getSource().toString(), stop.getType()));
            assertFalse(again.changed(), "applied before the loss: " + again);
            assertEquals(DesiredStatus.RUNNING, api.get(id).desiredStatus());
        } finally {
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
            events.deleteSource(name);
        }
    }

    private List<String> env(String containerId) {
        return Arrays.asList(docker.inspectContainerCmd(containerId).exec().getConfig().getEnv());
    }

    private static PartView part(SessionView view, String name) {
        return view.parts().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }
}
