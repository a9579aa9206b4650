package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.activity.SessionVolumes;
import dev.steward.app.api.TransitionView;
import dev.steward.app.support.HostPool;
import dev.steward.app.support.HostPoolBase;
import dev.steward.app.support.SessionApi;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.Reason;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.Eventually;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A session volume on two real engines: the pods that mount it go on one host even where spread would part them
 * (a third pod, without it, is spread to the other host); with one pod slot per host, the second pod of the
 * volume waits {@code PENDING} ({@code Unschedulable}, its message and transition naming the volume's host,
 * though the other host is free); a stopped session's pod goes back to its volume's host when it runs again,
 * though a pod of another session makes spread prefer the other host. In each, the volume is made on its host's
 * engine alone, and it is gone from it once the session is {@code DELETED}.
 */
@MicronautTest(transactional = false)
class VolumePlacementIT extends HostPoolBase {

    private static final String VOLUME = "data";

    @Test
    void thePodsOfAVolumeShareItsHostWhereSpreadWouldPartThem() {
        String a = pool.onFirstEngine("a", 10);
        String b = pool.onSecondEngine("b", 10);
        pool.awaitReady(a, b);

        // Spread puts each pod on the host with fewer pods: four pods on two empty hosts part.
        Map<String, Object> replicated = mounting("one");
        replicated.put("replicas", 2);
        UUID id = pool.create(pool.session(List.of(replicated, mounting("two"), pool.pod("three")),
                List.of(Map.of("name", VOLUME))));
        List<PodView> pods = HostPool.pods(pool.sessions().awaitStatus(id, SessionStatus.RUNNING));

        assertEquals(4, pods.size(), pods.toString());
        String host = pod(pods, "two").host();
        pods.stream().filter(p -> !p.name().equals("three")).forEach(p -> assertEquals(host, p.host(),
                "the pods of volume data, replicas too, share a host: " + pods));
        String other = host.equals(a) ? b : a;
        assertEquals(other, pod(pods, "three").host(), "the pod without the volume is spread to the other host");
        String volume = SessionVolumes.name(id.toString(), VOLUME);
        assertTrue(pool.hasVolume(host, volume), volume + " on the engine of " + host);
        assertFalse(pool.hasVolume(other, volume), volume + " not on the engine of " + other);

        assertVolumeGoneOnceDeleted(id, host, volume);
    }

    @Test
    void aPodThatCannotGoToItsVolumesHostWaitsAndSaysWhy() {
        // One pod slot each: the second pod of the volume finds its host full, the other host free.
        String a = pool.onFirstEngine("a", 1);
        String b = pool.onSecondEngine("b", 1);
        pool.awaitReady(a, b);

        UUID id = pool.create(pool.session(List.of(mounting("one"), mounting("two")), List.of(Map.of("name", VOLUME))));
        List<PodView> pods = Eventually.await("one pod READY, the other waiting", SessionApi.DEADLINE,
                () -> pool.pods(id),
                found -> found.stream().anyMatch(p -> p.status() == PodStatus.READY)
                        && found.stream().anyMatch(VolumePlacementIT::waits));
        PodView placed = pods.stream().filter(p -> p.status() == PodStatus.READY).findFirst().orElseThrow();
        PodView waiting = pods.stream().filter(VolumePlacementIT::waits).findFirst().orElseThrow();
        String host = placed.host();
        String other = host.equals(a) ? b : a;
        String because = "volume " + VOLUME + " is on host " + host + " (pod " + HostPool.PART + "/" + placed.name()
                + " mounts it there)";
        assertTrue(waiting.message().contains(host + ": no free pod slot (1/1)") && waiting.message().endsWith(because),
                waiting.message());
        assertNull(waiting.host(), "placed nowhere");
        assertEquals(0, pool.hosts().get(other).placedPods(), other + " has room, and takes nothing");
        TransitionView transition = Eventually.await("the waiting pod's transition recorded", SessionApi.DEADLINE,
                () -> pool.sessions().transitions(id).stream()
                        .filter(t -> (HostPool.PART + "/" + waiting.name()).equals(t.resource()))
                        .filter(t -> Reason.UNSCHEDULABLE.is(t.reason()))
                        .toList(),
                found -> !found.isEmpty()).getFirst();
        assertTrue(transition.message().endsWith(because), transition.message());
        String volume = SessionVolumes.name(id.toString(), VOLUME);
        assertTrue(pool.hasVolume(host, volume), volume + " on the engine of " + host);
        assertFalse(pool.hasVolume(other, volume), volume + " not on the engine of " + other);
        assertNotEquals(host, other);

        assertVolumeGoneOnceDeleted(id, host, volume);
    }

    @Test
    void aStoppedSessionsPodGoesBackToItsVolumesHostWhereSpreadWouldMoveIt() {
        String a = pool.onFirstEngine("a", 10);
        String b = pool.onSecondEngine("b", 10);
        pool.awaitReady(a, b);
        UUID id = pool.create(pool.session(List.of(mounting("one")), List.of(Map.of("name", VOLUME))));
        // Both hosts empty: spread takes the first by name.
        pool.awaitAllReadyOn(a, id);
        String volume = SessionVolumes.name(id.toString(), VOLUME);
        assertTrue(pool.hasVolume(a, volume), volume + " on the engine of " + a);

        pool.sessions().setDesiredStatus(id, "STOPPED");
        pool.sessions().awaitStatus(id, SessionStatus.STOPPED);
        Eventually.await(a + " holds no pod", SessionApi.DEADLINE,
                () -> pool.hosts().get(a), view -> view.placedPods() == 0);
        // A pod of another session takes a (both empty again), so spread would now choose b.
        UUID filler = pool.create(pool.session(List.of(pool.pod("filler"))));
        pool.awaitAllReadyOn(a, filler);

        pool.sessions().setDesiredStatus(id, "RUNNING");
        PodView back = Eventually.await("pod one READY again", SessionApi.DEADLINE, () -> pool.pods(id).getFirst(),
                pod -> pod.status() == PodStatus.READY);
        assertEquals(a, back.host(), "back on its volume's host, though " + b + " has fewer pods");
        assertEquals(2, pool.hosts().get(a).placedPods());
        assertEquals(0, pool.hosts().get(b).placedPods());
        assertFalse(pool.hasVolume(b, volume), volume + " not made on " + b);

        assertVolumeGoneOnceDeleted(id, a, volume);
    }

    private void assertVolumeGoneOnceDeleted(UUID id, String host, String volume) {
        pool.sessions().delete(id);
        pool.sessions().awaitStatus(id, SessionStatus.DELETED);
        assertFalse(pool.hasVolume(host, volume), volume + " removed from " + host + " before the session was DELETED");
    }

    /** A pool pod that mounts the volume. */
    private Map<String, Object> mounting(String name) {
        Map<String, Object> pod = new HashMap<>(pool.pod(name));
        pod.put("mounts", List.of(Map.of("volume", VOLUME, "path", "/" + VOLUME)));
        return pod;
    }

    private static PodView pod(List<PodView> pods, String name) {
        return pods.stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    private static boolean waits(PodView pod) {
        return pod.status() == PodStatus.PENDING && Reason.UNSCHEDULABLE.is(pod.reason());
    }
}
