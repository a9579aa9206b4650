package dev.steward.app.host;

import static java.util.stream.Collectors.counting;
import static java.util.stream.Collectors.groupingBy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.Container;
import dev.steward.app.support.CapacitySampler;
import dev.steward.app.support.HostPool;
import dev.steward.app.support.HostPoolBase;
import dev.steward.app.support.SessionApi;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.Reason;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpStatus;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Sessions placed on two real engines: pods spread over both, and many sessions created at once
 * never put more pods on a host than it has room for; the rest wait Unschedulable and start as
 * soon as room appears.
 */
@MicronautTest(transactional = false)
class HostSchedulingIT extends HostPoolBase {

    private static final int SESSIONS = 50;
    private static final int CLIENTS = 10;

    @Test
    void podsSpreadOverBothEnginesAndEachPodShowsItsHost() {
        String a = pool.onFirstEngine("a", 10);
        String b = pool.onSecondEngine("b", 10);
        pool.awaitReady(a, b);

        UUID id = pool.create(pool.session(List.of(pool.pod("one"), pool.pod("two"), pool.pod("three"),
                pool.pod("four"))));
        List<PodView> pods = HostPool.pods(pool.sessions().awaitStatus(id, SessionStatus.RUNNING));

        // Spread: each pod goes to the host with fewer pods, so two on each.
        assertEquals(Map.of(a, 2L, b, 2L), pods.stream().collect(groupingBy(PodView::host, counting())));
        for (PodView pod : pods) {
            assertEquals(PodStatus.READY, pod.status(), pod.name());
            List<String> onItsEngine = pool.running(pod.host()).stream().map(Container::getId).toList();
            assertTrue(onItsEngine.contains(pod.containerId()),
                    pod.name() + " runs on the engine of " + pod.host() + ": " + onItsEngine);
        }
        assertEquals(2, pool.running(a).size());
        assertEquals(2, pool.running(b).size());
        assertEquals(Map.of(a, 2L, b, 2L), pool.hostViews().stream()
                .collect(Collectors.toMap(h -> h.name(), h -> h.placedPods())));
    }

    @Test
    void fiftySessionsAtOnceNeverOverCommitAHostAndTheRestWaitUntilRoomAppears() throws Exception {
        String a = pool.onFirstEngine("a", 3);
        String b = pool.onSecondEngine("b", 2);
        Map<String, Integer> capacity = Map.of(a, 3, b, 2);
        int room = 5;
        pool.awaitReady(a, b);

        try (CapacitySampler sampler = CapacitySampler.start(pool, a, b)) {
            long createdAt = System.nanoTime();
            createConcurrently();
            List<SessionView> settled = Eventually.await("5 pods READY and 45 waiting Unschedulable", SessionApi.DEADLINE,
                    pool::sessionViews,
                    views -> views.size() == SESSIONS && count(views, HostSchedulingIT::runs) == room
                            && count(views, HostSchedulingIT::waits) == SESSIONS - room);
            long settledMillis = millisSince(createdAt);
            assertEquals(Map.of(a, 3L, b, 2L), readyPerHost(settled));
            // A waiting pod says, per host, why it fits nowhere.
            settled.stream().flatMap(s -> HostPool.pods(s).stream()).filter(HostSchedulingIT::waits)
                    .forEach(p -> assertTrue(p.message() != null && p.message().contains(a + ": no free pod slot")
                            && p.message().contains(b + ": no free pod slot"), p.message()));
            assertEquals(3, pool.running(a).size());
            assertEquals(2, pool.running(b).size());

            // Room for one more pod on each host.
            List<UUID> deleted = List.of(firstRunningOn(settled, a), firstRunningOn(settled, b));
            Set<UUID> waitedBefore = ids(settled, HostSchedulingIT::waits);
            long deletedAt = System.nanoTime();
            deleted.forEach(id -> assertEquals(HttpStatus.ACCEPTED, pool.sessions().delete(id)));

            List<SessionView> after = Eventually.await("the deleted sessions gone and two waiting pods started instead", SessionApi.DEADLINE,
                    pool::sessionViews, views -> {
                        List<SessionView> rest = views.stream().filter(s -> !deleted.contains(s.id())).toList();
                        return views.stream().filter(s -> deleted.contains(s.id()))
                                .allMatch(s -> s.status() == SessionStatus.DELETED)
                                && count(rest, HostSchedulingIT::runs) == room
                                && count(rest, HostSchedulingIT::waits) == SESSIONS - deleted.size() - room;
                    });
            long refilledMillis = millisSince(deletedAt);
            List<SessionView> rest = after.stream().filter(s -> !deleted.contains(s.id())).toList();
            Set<UUID> started = ids(rest, HostSchedulingIT::runs);
            started.removeAll(ids(settled, HostSchedulingIT::runs));
            assertEquals(deleted.size(), started.size(), "started after the deletions: " + started);
            assertTrue(waitedBefore.containsAll(started), "only waiting sessions start: " + started);
            assertEquals(Map.of(a, 3L, b, 2L), readyPerHost(rest));

            sampler.assertNeverOverCommitted(capacity);
            System.out.printf("placement: %d sessions created at once settled in %d ms (%d READY, %d Unschedulable); "
                    + "2 waiting pods READY %d ms after 2 deletions; most pods seen on an engine at once %s, "
                    + "capacity %s, %d samples%n", SESSIONS, settledMillis, room, SESSIONS - room, refilledMillis,
                    sampler.maxRunning(), capacity, sampler.samples());
        }
    }

    /** Creates the sessions, one pod each, from {@link #CLIENTS} threads let go at once. */
    private void createConcurrently() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<UUID>> created = new ArrayList<>();
            for (int i = 0; i < SESSIONS; i++) {
                created.add(clients.submit(() -> {
                    go.await();
                    return pool.create(pool.session(List.of(pool.pod("main"))));
                }));
            }
            go.countDown();
            for (Future<UUID> session : created) {
                session.get();
            }
        } finally {
            clients.shutdownNow();
        }
    }

    private static long millisSince(long nanoTime) {
        return (System.nanoTime() - nanoTime) / 1_000_000;
    }

    private static boolean runs(PodView pod) {
        return pod.status() == PodStatus.READY;
    }

    private static boolean waits(PodView pod) {
        return pod.status() == PodStatus.PENDING && Reason.UNSCHEDULABLE.is(pod.reason());
    }

    private static long count(List<SessionView> sessions, Predicate<PodView> which) {
        return sessions.stream().flatMap(s -> HostPool.pods(s).stream()).filter(which).count();
    }

    private static Set<UUID> ids(List<SessionView> sessions, Predicate<PodView> which) {
        return sessions.stream().filter(s -> HostPool.pods(s).stream().anyMatch(which)).map(SessionView::id)
                .collect(Collectors.toCollection(HashSet::new));
    }

    private static Map<String, Long> readyPerHost(List<SessionView> sessions) {
        return sessions.stream().flatMap(s -> HostPool.pods(s).stream()).filter(HostSchedulingIT::runs)
                .collect(groupingBy(PodView::host, counting()));
    }

    private static UUID firstRunningOn(List<SessionView> sessions, String host) {
        return sessions.stream()
                .filter(s -> HostPool.pods(s).stream().anyMatch(p -> runs(p) && host.equals(p.host())))
                .findFirst().orElseThrow().id();
    }
}
