package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.Eventually;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * A host port taken on the pod's host keeps the pod pending there with the reason, not in a crash loop: the test
 * holds the port with a socket of its own, sees the pod that publishes it {@code PENDING} ({@code Unschedulable},
 * the port in the message, no restart counted), frees the port, and sees the pod {@code READY} with the port
 * published.
 */
@MicronautTest
class HostPortTakenIT extends SessionApiBase {

    @Test
    void aTakenHostPortKeepsThePodPendingUntilItIsFree() throws IOException {
        ServerSocket holder = new ServerSocket();
        UUID id = null;
        try {
            holder.bind(new InetSocketAddress("0.0.0.0", 0));
            int port = holder.getLocalPort();
            Map<String, Object> pod = Map.of("name", "web", "image", Specs.BUSYBOX,
                    "command", List.of("sleep", "3600"),
                    "ports", List.of(Map.of("containerPort", 8080, "hostPort", port)));
            id = api.create(Map.of("owner", "ports", "parts", List.of(Map.of("name", "p", "pods", List.of(pod))))).id();
            UUID session = id;
            PodView pending = awaitPod(session, p -> "Unschedulable".equals(p.reason()));
            assertEquals(PodStatus.PENDING, pending.status());
            assertTrue(pending.message().contains("host port") && pending.message().contains(Integer.toString(port)),
                    pending.message());
            assertEquals(0, pending.restarts(), "no crash loop");

            holder.close();
            // Freed: the next attempt starts it.
            PodView ready = awaitPod(session, p -> p.status() == PodStatus.READY);
            assertEquals(0, ready.restarts());
            assertTrue(ready.ports().stream().anyMatch(p -> Integer.valueOf(port).equals(p.hostPort())),
                    ready.ports().toString());
        } finally {
            holder.close();
            if (id != null) {
                api.delete(id);
                api.awaitStatus(id, SessionStatus.DELETED);
            }
        }
    }

    private PodView awaitPod(UUID id, Predicate<PodView> wanted) {
        return Eventually.await("pod p/web as wanted", SessionApi.DEADLINE,
                () -> api.get(id).parts().getFirst().pods().getFirst(), wanted);
    }
}
