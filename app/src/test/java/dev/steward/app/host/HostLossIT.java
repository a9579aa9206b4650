package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.Container;
import dev.steward.app.api.HostTransitionView;
import dev.steward.app.support.HostPool;
import dev.steward.app.support.PodmanApiService;
import dev.steward.app.support.SecondEngineOutageBase;
import dev.steward.model.HostStatus;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A host whose engine goes away: after the configured failed probes it is UNREACHABLE, its pods
 * run again on the other host, and when the engine is back the containers left on it are removed.
 */
@MicronautTest(transactional = false)
class HostLossIT extends SecondEngineOutageBase {

    @Test
    void podsOfALostHostRunOnTheOtherAndItsStaleContainersGoWhenItIsBack() throws IOException {
        String a = pool.onFirstEngine("a", 10);
        String b = pool.onSecondEngine("b", 10);
        pool.awaitReady(a, b);
        UUID id = pool.create(pool.session(List.of(pool.pod("one"), pool.pod("two"), pool.pod("three"),
                pool.pod("four"))));
        Map<String, PodView> before = byName(HostPool.pods(pool.sessions().awaitStatus(id, SessionStatus.RUNNING)));
        List<String> stale = pool.containersOf(b, id).stream().map(Container::getId).toList();
        assertEquals(2, stale.size(), "spread puts two of the four pods on " + b);

        try {
            secondEngine.stop();
            assertTrue(stale.stream().allMatch(PodmanApiService::conmonRuns),
                    "the containers on " + b + " outlive its engine's API service");
            pool.awaitHosts(HostStatus.UNREACHABLE, b);
            pool.awaitAllReadyOn(a, id);
            assertEquals(4, pool.running(a).size(), "the moved pods have containers of their own on " + a);
        } finally {
            secondEngine.start();
        }
        pool.reconnectSecondEngine();

        pool.awaitReady(b);
        // The containers left on b belong to pods placed elsewhere now: stale, so b's resync removes them.
        pool.awaitNothingLeftOn(b, id);

        // The pods stay where they went: nothing moves back to the returned host.
        Map<String, PodView> after = byName(pool.pods(id));
        for (PodView pod : after.values()) {
            assertEquals(PodStatus.READY, pod.status(), pod.name());
            assertEquals(a, pod.host(), pod.name());
            if (b.equals(before.get(pod.name()).host())) {
                assertNotEquals(before.get(pod.name()).containerId(), pod.containerId(), pod.name());
            }
        }
        assertEquals(SessionStatus.RUNNING, pool.sessions().get(id).status());
        List<HostStatus> bSteps = pool.hosts().transitions(b).stream().map(HostTransitionView::to).toList();
        assertEquals(List.of(HostStatus.UNKNOWN, HostStatus.READY, HostStatus.UNREACHABLE, HostStatus.READY), bSteps);
    }

    private static Map<String, PodView> byName(List<PodView> pods) {
        return pods.stream().collect(Collectors.toMap(PodView::name, Function.identity()));
    }
}
