package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.api.HostView;
import dev.steward.app.api.TransitionView;
import dev.steward.app.support.HostPool;
import dev.steward.app.support.HostPoolBase;
import dev.steward.model.HostStatus;
import dev.steward.model.PartStatus;
import dev.steward.model.PodView;
import dev.steward.model.ResourceKind;
import dev.steward.model.SessionStatus;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The operator's switches on a host with pods: draining moves them to the other host without
 * their part ever leaving READY, and disabling stops them there so they run on the other host.
 */
@MicronautTest(transactional = false)
class HostDrainIT extends HostPoolBase {

    @Test
    void drainingMovesThePodsWhileTheirPartStaysReady() {
        String a = pool.onFirstEngine("a", 10);
        String b = pool.onSecondEngine("b", 10);
        pool.awaitReady(a, b);
        // A readiness check, so a replacement counts only once it passes; patient enough that a slow
        // exec on busy cores is not taken for a pod that stopped being ready.
        Map<String, Object> check = Map.of("type", "exec", "command", List.of("true"), "intervalSeconds", 1,
                "timeoutSeconds", 5, "failureThreshold", 5);
        UUID id = pool.create(pool.session(List.of(checked("one", check), checked("two", check),
                checked("three", check), checked("four", check))));
        List<PodView> before = HostPool.pods(pool.sessions().awaitStatus(id, SessionStatus.RUNNING));
        List<PodView> drained = before.stream().filter(p -> b.equals(p.host())).toList();
        assertEquals(2, drained.size(), "spread puts two of the four pods on " + b + ": " + before);

        HostView draining = pool.hosts().change(b, Map.of("draining", true));
        assertEquals(HostStatus.DRAINING, draining.status());

        List<PodView> after = pool.awaitAllReadyOn(a, id);
        pool.awaitNothingLeftOn(b, id);
        for (PodView moved : drained) {
            PodView now = after.stream().filter(p -> p.name().equals(moved.name())).findFirst().orElseThrow();
            assertNotEquals(moved.containerId(), now.containerId(), moved.name() + " has a new container on " + a);
        }

        // From the recorded history, not from samples: the part and the session were READY and
        // RUNNING before the drain (awaited above) and never left those statuses since.
        List<TransitionView> history = pool.sessions().transitions(id);
        List<TransitionView> part = history.stream()
                .filter(t -> t.kind() == ResourceKind.PART && HostPool.PART.equals(t.resource())).toList();
        assertEquals(PartStatus.READY.name(), part.getLast().to(), "part transitions: " + part);
        assertTrue(part.stream().noneMatch(t -> leaves(t, PartStatus.READY.name())), "part transitions: " + part);
        List<TransitionView> session = history.stream().filter(t -> t.kind() == ResourceKind.SESSION).toList();
        assertTrue(session.stream().noneMatch(t -> leaves(t, SessionStatus.RUNNING.name())),
                "session transitions: " + session);
        assertEquals(HostStatus.DRAINING, pool.hosts().get(b).status());
    }

    @Test
    void disablingStopsThePodsThereAndTheyRunOnTheOtherHost() {
        String a = pool.onFirstEngine("a", 10);
        String b = pool.onSecondEngine("b", 10);
        pool.awaitReady(a, b);
        UUID id = pool.create(pool.session(List.of(pool.pod("one"), pool.pod("two"))));
        List<PodView> before = HostPool.pods(pool.sessions().awaitStatus(id, SessionStatus.RUNNING));
        assertEquals(1, before.stream().filter(p -> b.equals(p.host())).count(), "one pod on each host: " + before);

        HostView disabled = pool.hosts().change(b, Map.of("enabled", false));
        assertEquals(HostStatus.DISABLED, disabled.status());

        pool.awaitAllReadyOn(a, id);
        pool.awaitNothingLeftOn(b, id);
        pool.sessions().awaitStatus(id, SessionStatus.RUNNING);
        assertEquals(HostStatus.DISABLED, pool.hosts().get(b).status());
    }

    private Map<String, Object> checked(String name, Map<String, Object> check) {
        Map<String, Object> pod = new HashMap<>(pool.pod(name));
        pod.put("readiness", check);
        return pod;
    }

    private static boolean leaves(TransitionView transition, String status) {
        return status.equals(transition.from()) && !status.equals(transition.to());
    }
}
