package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.HostApi;
import dev.steward.app.support.OwnHosts;
import dev.steward.contract.HostActivities;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.PlacementRequest;
import dev.steward.contract.PlacementResult;
import dev.steward.model.HostCapacity;
import dev.steward.model.PodResources;
import dev.steward.model.Reason;
import dev.steward.store.HostStore;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Placement against PostgreSQL and two real engines: concurrent placements never over-commit a
 * host, the rest are Unschedulable, and released room is used again. Each test places only on
 * its own hosts (by a label no other host carries) and releases what it placed.
 */
@MicronautTest(transactional = false)
class PlacementIT {

    private static final PodResources HALF_CPU = new PodResources(0.5, null);

    @Inject
    HostStore store;

    @Inject
    HostActivities hostActivities;

    @Inject
    PlacementActivities placement;

    @Inject
    TransactionOperations<Connection> transactions;

    final List<PlacementRequest> requested = new ArrayList<>();
    OwnHosts hosts;

    @BeforeEach
    void setUp() {
        hosts = new OwnHosts("p", store, hostActivities);
    }

    @AfterEach
    void cleanUp() {
        requested.forEach(r -> placement.release(r.sessionId(), r.part(), r.pod(), null));
        hosts.close();
    }

    private PlacementRequest request(UUID session, String pod) {
        PlacementRequest request = new PlacementRequest(session, "web", pod, HALF_CPU, Map.of("run", hosts.run()));
        requested.add(request);
        return request;
    }

    @Test
    void fiftyConcurrentPlacementsNeverOverCommitAHost() throws Exception {
        // Room for 7 pods of half a cpu: 3 pod slots on a, 2 cpus on b.
        String a = hosts.registerReady("a", HostApi.firstEngine(), new HostCapacity(3, null, null));
        String b = hosts.registerReady("b", HostApi.secondEngine(), new HostCapacity(10, 2.0, null));
        List<PlacementRequest> requests = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            requests.add(request(UUID.randomUUID(), "main"));
        }

        List<PlacementResult> results = placeConcurrently(requests);

        Map<String, Integer> placedPerHost = new HashMap<>();
        List<PlacementRequest> unschedulable = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            PlacementResult result = results.get(i);
            if (result.placed()) {
                placedPerHost.merge(result.host(), 1, Integer::sum);
            } else {
                assertEquals(Reason.UNSCHEDULABLE.code(), result.reason());
                assertTrue(result.message().contains(a + ": no free pod slot (3/3)"), result.message());
                assertTrue(result.message().contains(b + ": not enough cpus (2.0 of 2.0 used)"), result.message());
                unschedulable.add(requests.get(i));
            }
        }
        assertEquals(Map.of(a, 3, b, 4), placedPerHost);
        assertEquals(43, unschedulable.size());
        assertEquals(Map.of(a, new Reserved(3, 1.5), b, new Reserved(4, 2.0)), reservedInDatabase());

        // Room freed on b is taken by pods that did not fit before, and no more than that.
        List<PlacementRequest> onB = new ArrayList<>();
        for (int i = 0; i < results.size() && onB.size() < 2; i++) {
            if (b.equals(results.get(i).host())) {
                onB.add(requests.get(i));
            }
        }
        onB.forEach(r -> placement.release(r.sessionId(), r.part(), r.pod(), b));
        assertEquals(b, placement.place(unschedulable.get(0)).host());
        assertEquals(b, placement.place(unschedulable.get(1)).host());
        assertFalse(placement.place(unschedulable.get(2)).placed());
        assertEquals(Map.of(a, new Reserved(3, 1.5), b, new Reserved(4, 2.0)), reservedInDatabase());
    }

    @Test
    void spreadSharesPodsOutOverBothEngines() {
        String a = hosts.registerReady("a", HostApi.firstEngine(), new HostCapacity(10, null, null));
        String b = hosts.registerReady("b", HostApi.secondEngine(), new HostCapacity(10, null, null));
        UUID session = UUID.randomUUID();
        Map<String, Integer> perHost = new HashMap<>();
        for (int i = 0; i < 6; i++) {
            perHost.merge(placement.place(request(session, "pod-" + i)).host(), 1, Integer::sum);
        }
        assertEquals(Map.of(a, 3, b, 3), perHost);
    }

    @Test
    void placingOnePodAgainAndAgainReservesOnce() throws Exception {
        hosts.registerReady("a", HostApi.firstEngine(), new HostCapacity(10, null, null));
        hosts.registerReady("b", HostApi.secondEngine(), new HostCapacity(10, null, null));
        PlacementRequest request = request(UUID.randomUUID(), "main");
        List<PlacementRequest> same = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            same.add(request);
        }
        Set<String> chosen = new HashSet<>();
        for (PlacementResult result : placeConcurrently(same)) {
            chosen.add(result.host());
        }
        assertEquals(1, chosen.size(), "every attempt answers the same host: " + chosen);
        assertEquals(Reason.ALREADY_PLACED.code(), placement.place(request).reason());
        assertEquals(1, reservedInDatabase().values().stream().mapToInt(Reserved::pods).sum());
    }

    @Test
    void aPodOnADrainingHostMovesAndCountsOnBothHostsUntilTheOldPlacementIsReleased() {
        String a = hosts.registerReady("a", HostApi.firstEngine(), new HostCapacity(10, null, null));
        String b = hosts.registerReady("b", HostApi.secondEngine(), new HostCapacity(10, null, null));
        PlacementRequest request = request(UUID.randomUUID(), "main");
        assertEquals(a, placement.place(request).host(), "equal hosts: the first by name");

        store.change(a, null, true, null, null).orElseThrow();
        PlacementResult moved = placement.place(request);
        assertEquals(b, moved.host());
        assertEquals(Reason.PLACED.code(), moved.reason());
        assertEquals(a, moved.replaces());
        assertTrue(moved.message().endsWith("; moves off " + a + " (draining)"), moved.message());
        assertEquals(Map.of(a, new Reserved(1, 0.5), b, new Reserved(1, 0.5)), reservedInDatabase());

        PlacementResult again = placement.place(request);
        assertEquals(new PlacementResult(b, Reason.ALREADY_PLACED.code(), "already placed on " + b, null), again);

        placement.release(request.sessionId(), request.part(), request.pod(), a);
        assertEquals(Map.of(b, new Reserved(1, 0.5)), reservedInDatabase());
    }

    @Test
    void aPodWhoseOnlyOtherHostIsFullWaitsWithItsOldPlacementKept() {
        String a = hosts.registerReady("a", HostApi.firstEngine(), new HostCapacity(1, null, null));
        String b = hosts.registerReady("b", HostApi.secondEngine(), new HostCapacity(1, null, null));
        PlacementRequest first = request(UUID.randomUUID(), "main");
        PlacementRequest second = request(UUID.randomUUID(), "main");
        assertEquals(a, placement.place(first).host());
        assertEquals(b, placement.place(second).host());

        store.change(a, false, null, null, null).orElseThrow();
        PlacementResult stuck = placement.place(first);
        assertFalse(stuck.placed());
        assertEquals(Reason.UNSCHEDULABLE.code(), stuck.reason());
        assertTrue(stuck.message().contains(b + ": no free pod slot (1/1)"), stuck.message());
        assertTrue(stuck.message().endsWith("; moves off " + a + " (disabled)"), stuck.message());
        assertEquals(Map.of(a, new Reserved(1, 0.5), b, new Reserved(1, 0.5)), reservedInDatabase());
    }

    private List<PlacementResult> placeConcurrently(List<PlacementRequest> requests) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(requests.size());
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Callable<PlacementResult>> calls = new ArrayList<>();
            for (PlacementRequest request : requests) {
                calls.add(() -> {
                    start.await();
                    return placement.place(request);
                });
            }
            List<Future<PlacementResult>> futures = new ArrayList<>();
            for (Callable<PlacementResult> call : calls) {
                futures.add(pool.submit(call));
            }
            start.countDown();
            List<PlacementResult> results = new ArrayList<>();
            for (Future<PlacementResult> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private record Reserved(int pods, double cpus) {}

    /** What the placements table holds for this test's hosts, read with plain SQL. */
    private Map<String, Reserved> reservedInDatabase() {
        return transactions.executeRead(status -> {
            Map<String, Reserved> reserved = new HashMap<>();
            try (PreparedStatement query = status.getConnection().prepareStatement(
                    "SELECT host, COUNT(*), SUM(cpus) FROM placements WHERE host LIKE ? GROUP BY host")) {
                query.setString(1, hosts.namePattern());
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        reserved.put(rows.getString(1), new Reserved(rows.getInt(2), rows.getDouble(3)));
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return reserved;
        });
    }
}
