package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.api.TransitionView;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** With the resync far away, only the relayed engine event can make a part notice a crash. */
@MicronautTest
@Property(name = "steward.reconcile.resync-interval", value = "10m")
@Property(name = "steward.reconcile.backoff-base", value = "0s")
class EventRelayIT extends SessionApiBase {

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
}
