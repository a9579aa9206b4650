package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.api.TransitionView;
import dev.steward.contract.ContainerEvent;
import dev.steward.contract.PartSignals;
import dev.steward.contract.WorkflowIds;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.WorkflowExecutionSignaledEventAttributes;
import io.temporal.client.WorkflowClient;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** With the resync far away, only the relayed engine event can make a part notice a crash. */
@MicronautTest
@Property(name = "steward.reconcile.resync-interval", value = "10m")
@Property(name = "steward.reconcile.backoff-base", value = "0s")
class EventRelayIT extends SessionApiBase {

    @Inject
    WorkflowClient temporal;

    @Test
    void aKilledContainerIsSeenThroughItsDieEvent() {
        UUID id = api.create(Specs.twoByTwo("events")).id();
        PodView server = api.awaitStatus(id, SessionStatus.RUNNING).parts().getFirst().pods().getFirst();

        Instant killedAt = Instant.now();
        docker.killContainerCmd(server.containerId()).exec();

        PodView restarted = Eventually.await("the killed pod restarted, in far less than the 10 min resync",
                Duration.ofSeconds(60), () -> api.get(id).parts().getFirst().pods().getFirst(),
                pod -> pod.restarts() > 0 && pod.status() == PodStatus.READY);
        TransitionView left = api.transitions(id).stream()
                .filter(t -> "web/server".equals(t.resource()) && "BACKING_OFF".equals(t.to()))
                .findFirst().orElseThrow();
        Duration detection = Duration.between(killedAt, left.occurredAt());
        assertTrue(detection.compareTo(Duration.ofSeconds(10)) < 0, "detected after " + detection);
        assertEquals(1, restarted.restarts());
        api.delete(id);
        api.awaitStatus(id, SessionStatus.DELETED);
    }

    @Test
    void aStartTheServiceMadeReachesNoPartWhileOneMadeByHandDoes() {
        Map<String, Object> job = Map.of("name", "once", "image", Specs.BUSYBOX, "command", List.of("true"),
                "kind", "job");
        UUID id = api.create(Map.of("owner", "events-starts", "parts",
                List.of(Map.of("name", "p", "pods", List.of(job, Specs.sleeper("server")))))).id();
        SessionView completed = Eventually.await("the job COMPLETED, the server READY", Duration.ofSeconds(60),
                () -> api.get(id), view -> podOf(view, "once").status() == PodStatus.COMPLETED
                        && podOf(view, "server").status() == PodStatus.READY);
        String once = podOf(completed, "once").containerId();
        // The relay is listening: it passes on the server's death (the resync is 10 min away), and the part
        // restarts the server itself.
        docker.killContainerCmd(podOf(completed, "server").containerId()).exec();
        Eventually.await("the server restarted by its part", Duration.ofSeconds(60), () -> api.get(id),
                view -> podOf(view, "server").restarts() == 1 && podOf(view, "server").status() == PodStatus.READY);

        docker.startContainerCmd(once).exec();

        // The engine's events come in order: once the hand's start is relayed, so are the service's own before it.
        List<ContainerEvent> starts = Eventually.await("the start by hand relayed to the part", Duration.ofSeconds(60),
                () -> startsRelayed(id, "p"), relayed -> !relayed.isEmpty());
        assertEquals(List.of(once), starts.stream().map(ContainerEvent::containerId).toList(),
                "only the start made by hand; the part's own three starts reached it as the activities' answers");
        api.delete(id);
        api.awaitStatus(id, SessionStatus.DELETED);
    }

    private static PodView podOf(SessionView view, String pod) {
        return view.parts().getFirst().pods().stream().filter(p -> p.name().equals(pod)).findFirst().orElseThrow();
    }

    private List<ContainerEvent> startsRelayed(UUID session, String part) {
        return temporal.fetchHistory(WorkflowIds.part(session, part)).getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED)
                .map(e -> e.getWorkflowExecutionSignaledEventAttributes())
                .filter(signal -> PartSignals.CONTAINER_EVENT.equals(signal.getSignalName()))
                .map(this::containerEvent)
                .filter(event -> "start".equals(event.action()))
                .toList();
    }

    private ContainerEvent containerEvent(WorkflowExecutionSignaledEventAttributes signal) {
        return temporal.getOptions().getDataConverter().fromPayloads(0, Optional.of(signal.getInput()),
                ContainerEvent.class, ContainerEvent.class);
    }
}
