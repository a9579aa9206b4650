package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.activity.SessionNetworks;
import dev.steward.app.support.HostPoolBase;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.hollow.HollowEngine;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The whole service against a hollow engine registered as a host: docker-java talks to it as to Podman, the
 * session's pods are {@code READY} there on the session's network, a crash is restarted through its event
 * stream, two injected failures of {@code start} are met by the retry table, and every container and the
 * network are removed at the end.
 */
@MicronautTest(transactional = false)
class HollowEngineIT extends HostPoolBase {

    private static HollowEngine hollow;

    @BeforeAll
    static void startEngine() throws IOException {
        hollow = HollowEngine.start();
    }

    @AfterAll
    static void stopEngine() {
        hollow.close();
    }

    @Test
    void aSessionRunsOnAHollowEngineCrashesAreRestartedThroughItsEventsAndFaultsAreRetried() {
        String host = pool.onEngine("hollow", hollow.endpoint(), 10);
        pool.awaitReady(host);

        UUID id = pool.create(pool.session(List.of(pool.pod("one"), pool.pod("two"))));
        List<PodView> pods = pool.awaitAllReadyOn(host, id);
        assertEquals(2, pool.running(host).size(), "both run on the hollow engine");
        assertEquals(2, hollow.running());
        assertEquals(Set.of(SessionNetworks.name(id.toString())), hollow.networks(),
                "the session's network made before its containers");

        // The crash reaches the part only through the engine's event stream or the next resync.
        PodView one = pods.getFirst();
        hollow.crash(one.containerId(), 3);
        PodView restarted = awaitPod(id, "one", p -> p.status() == PodStatus.READY && p.restarts() == 1);
        assertEquals(one.containerId(), restarted.containerId(), "restarted in place");
        assertEquals(3, restarted.lastExit().code());

        // Two failed starts are retried by the activity (layer 1), and the pod still comes back.
        hollow.faults().fail("start", 2, 500, "hollow engine: injected failure");
        hollow.crash(one.containerId(), 1);
        PodView retried = awaitPod(id, "one", p -> p.status() == PodStatus.READY && p.restarts() == 2);
        assertEquals(one.containerId(), retried.containerId());
        assertTrue(pool.sessions().transitions(id).stream().noneMatch(t -> "FAILED".equals(t.to())),
                "a retried engine failure fails nothing");

        pool.sessions().delete(id);
        pool.awaitNothingLeftOn(host, id);
        assertEquals(0, hollow.containers(), "every container removed from the hollow engine");
        Eventually.await("the network of " + id + " removed", SessionApi.DEADLINE, hollow::networks, Set::isEmpty);
    }

    private PodView awaitPod(UUID id, String name, java.util.function.Predicate<PodView> wanted) {
        return Eventually.await("pod " + name + " of " + id, SessionApi.DEADLINE, () -> pool.pods(id).stream()
                .filter(p -> p.name().equals(name)).findFirst().orElseThrow(), wanted);
    }
}
