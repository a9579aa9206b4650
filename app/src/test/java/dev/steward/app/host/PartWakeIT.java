package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.session.SessionStore;
import dev.steward.app.support.HostApi;
import dev.steward.app.support.OwnHosts;
import dev.steward.app.support.PartStandIn;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TestWorkflows;
import dev.steward.contract.HostActivities;
import dev.steward.contract.HostNotice;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.PlacementRequest;
import dev.steward.contract.PlacementResult;
import dev.steward.model.HostCapacity;
import dev.steward.model.HostStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PodResources;
import dev.steward.model.PodSpec;
import dev.steward.model.Reason;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.Timeslot;
import dev.steward.store.HostStore;
import dev.steward.store.PartKey;
import dev.steward.store.PlacementRepository;
import dev.steward.store.SessionRepository;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.annotation.Property;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.transaction.TransactionOperations;
import io.temporal.client.WorkflowClient;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Parts are woken when something changes for their pods: those with a pod waiting for room when a
 * release frees some, and those with a pod placed on a host when that host changes. Part
 * workflows are stood in for by {@link PartStandIn}, which counts what it is told. This process
 * runs no workers, so no host workflow wakes anyone: every wake counted comes from the test.
 */
@MicronautTest(transactional = false)
@Property(name = "steward.worker.enabled", value = "false")
class PartWakeIT {

    private static final Duration SIGNAL_DEADLINE = Duration.ofSeconds(10);

    @Inject
    PlacementActivities placement;

    @Inject
    HostActivities hostActivities;

    @Inject
    PlacementRepository placements;

    @Inject
    HostStore store;

    @Inject
    SessionStore sessions;

    @Inject
    SessionRepository sessionRows;

    @Inject
    TransactionOperations<Connection> transactions;

    @Inject
    WorkflowClient temporal;

    @Inject
    @Client("/")
    HttpClient client;

    final List<UUID> inserted = new ArrayList<>();
    final List<PlacementRequest> requested = new ArrayList<>();
    OwnHosts hosts;
    TestWorkflows workflows;

    @BeforeEach
    void setUp() {
        hosts = new OwnHosts("k", store, hostActivities);
        workflows = new TestWorkflows(temporal);
    }

    @AfterEach
    void tearDown() {
        requested.forEach(r -> placement.release(r.sessionId(), r.part(), r.pod(), null));
        inserted.forEach(sessions::delete);
        hosts.close();
        workflows.close();
    }

    @Test
    void aReleaseWakesThePartsWaitingForRoomAndPlacingOrReleasingTheWaitingPodForgetsIt() {
        String host = readyHost("full", HostApi.secondEngine(), 1);
        UUID holder = liveSession(part("web", "a"));
        UUID waiter = liveSession(part("api", "b", "c"));
        PartStandIn waiting = workflows.partStandIn(waiter, "api");
        PlacementRequest a = request(holder, "web", "a", host);
        PlacementRequest b = request(waiter, "api", "b", host);
        PlacementRequest c = request(waiter, "api", "c", host);

        assertTrue(placement.place(a).placed());
        assertEquals(List.of(), waitsOf(holder));
        assertEquals(Reason.UNSCHEDULABLE.code(), placement.place(b).reason());
        List<Instant> since = waitsOf(waiter);
        assertEquals(1, since.size());
        assertEquals(Reason.UNSCHEDULABLE.code(), placement.place(b).reason());
        assertEquals(since, waitsOf(waiter), "a pod that waits already keeps its first since");
        settle(waiting);
        assertEquals(0, waiting.reconciles(), "placing wakes nobody");

        placement.release(a.sessionId(), a.part(), a.pod(), host);

        Eventually.await("the waiting part is woken", SIGNAL_DEADLINE, waiting::reconciles, n -> n == 1);
        assertEquals(host, placement.place(b).host());
        assertEquals(List.of(), waitsOf(waiter), "placed, the pod no longer waits");

        assertEquals(Reason.UNSCHEDULABLE.code(), placement.place(c).reason());
        assertEquals(1, waitsOf(waiter).size());
        placement.release(c.sessionId(), c.part(), c.pod(), null);
        assertEquals(List.of(), waitsOf(waiter), "released, the pod no longer waits");
        settle(waiting);
        assertEquals(1, waiting.reconciles(), "releasing what held no room wakes nobody");
    }

    @Test
    void waitingPartsAreWokenOldestFirstAndWaitsOfEndedSessionsAreForgotten() {
        String host = readyHost("tiny", HostApi.secondEngine(), 0);
        UUID older = liveSession(part("web", "a"));
        UUID newer = liveSession(part("web", "a"));
        UUID ended = liveSession(part("web", "a"));
        UUID unknown = UUID.randomUUID();
        PartStandIn olderPart = workflows.partStandIn(older, "web");
        PartStandIn newerPart = workflows.partStandIn(newer, "web");
        PartStandIn endedPart = workflows.partStandIn(ended, "web");
        for (UUID session : List.of(older, newer, ended, unknown)) {
            assertFalse(placement.place(request(session, "web", "a", host)).placed());
        }
        sessionRows.updateStatus(ended, SessionStatus.DELETED.name(), "Deleted", null, 1, null, Instant.now());

        int woken = placement.wakeUnschedulable();

        assertEquals(List.of(new PartKey(older, "web"), new PartKey(newer, "web")), mine(placements.waitingParts()));
        assertTrue(woken >= 2, "woken: " + woken);
        Eventually.await("both live parts are woken", SIGNAL_DEADLINE,
                () -> List.of(olderPart.reconciles(), newerPart.reconciles()), List.of(1, 1)::equals);
        settle(endedPart);
        assertEquals(0, endedPart.reconciles());
        assertEquals(List.of(), waitsOf(ended));
        assertEquals(List.of(), waitsOf(unknown));
    }

    @Test
    void anOperatorGivingAHostMoreRoomWakesTheWaitingParts() {
        String host = readyHost("grows", HostApi.secondEngine(), 0);
        UUID waiter = liveSession(part("web", "a"));
        PartStandIn waiting = workflows.partStandIn(waiter, "web");
        assertEquals(Reason.UNSCHEDULABLE.code(), placement.place(request(waiter, "web", "a", host)).reason());
        HostApi api = new HostApi(client.toBlocking());


        api.change(host, Map.of("labels", Map.of("run", hosts.run(), "name", host, "tier", "gold")));

        Eventually.await("new labels wake the waiting part", SIGNAL_DEADLINE, waiting::reconciles, n -> n == 1);
        assertEquals(Reason.UNSCHEDULABLE.code(), placement.place(request(waiter, "web", "a", host)).reason());
        api.change(host, Map.of("enabled", true));
        settle(waiting);
        assertEquals(1, waiting.reconciles(), "enabling an enabled host wakes nobody");
        api.change(host, Map.of("capacity", Map.of("pods", 1)));
        Eventually.await("more room wakes it again", SIGNAL_DEADLINE, waiting::reconciles, n -> n == 2);
        assertEquals(host, placement.place(request(waiter, "web", "a", host)).host());
    }

    @Test
    void aHostNoticeReachesExactlyTheLivePartsPlacedOnThatHost() {
        String changed = readyHost("changed", HostApi.secondEngine(), 10);
        String other = readyHost("other", HostApi.firstEngine(), 10);
        UUID first = liveSession(part("web", "a", "b"), part("api", "c"));
        UUID second = liveSession(part("db", "d"));
        UUID ended = liveSession(part("old", "e"));
        PartStandIn web = workflows.partStandIn(first, "web");
        PartStandIn api = workflows.partStandIn(first, "api");
        PartStandIn db = workflows.partStandIn(second, "db");
        PartStandIn old = workflows.partStandIn(ended, "old");
        for (PlacementRequest request : List.of(request(first, "web", "a", changed),
                request(first, "web", "b", changed), request(first, "api", "c", other),
                request(second, "db", "d", changed), request(ended, "old", "e", changed))) {
            PlacementResult result = placement.place(request);
            assertEquals(request.hostSelector().get("name"), result.host(), result.message());
        }
        sessionRows.updateStatus(ended, SessionStatus.DELETED.name(), "Deleted", null, 1, null, Instant.now());
        HostNotice notice = new HostNotice(changed, HostStatus.DRAINING, "the operator drains it");

        assertEquals(2, hostActivities.notifyParts(notice), "web (two pods there, told once) and db");

        Eventually.await("the parts placed there are told", SIGNAL_DEADLINE,
                () -> List.of(web.notices(), db.notices()), List.of(List.of(notice), List.of(notice))::equals);
        assertEquals(List.of(settle(api)), api.notices(), "its pod is on the other host");
        assertEquals(List.of(settle(old)), old.notices(), "its session is deleted");
    }

    /**
     * Sends the part a marker notice and waits until it has it: signals reach a workflow in the
     * order they were sent, so every signal sent before this call has reached it too.
     */
    private HostNotice settle(PartStandIn part) {
        HostNotice marker = new HostNotice("marker-" + UUID.randomUUID(), HostStatus.READY, "marker");
        part.hostChanged(marker);
        Eventually.await("the marker reaches the part", SIGNAL_DEADLINE, part::notices, n -> n.contains(marker));
        return marker;
    }

    /** Registers a host on a real engine, probes it READY, with room for {@code pods} pods. */
    private String readyHost(String suffix, String endpoint, int pods) {
        return hosts.registerReady(suffix, endpoint, new HostCapacity(pods, null, null));
    }

    /** A session recorded as live (PENDING), with no workflow. */
    private UUID liveSession(PartSpec... parts) {
        UUID id = UUID.randomUUID();
        inserted.add(id);
        sessions.insert(id, new SessionSpec("part-wake-it", null, List.of(parts), Timeslot.NONE), 1, Instant.now());
        return id;
    }

    private static PartSpec part(String name, String... pods) {
        return new PartSpec(name, Arrays.stream(pods)
                .map(pod -> new PodSpec(pod, Specs.BUSYBOX, List.of("sleep", "60"), Map.of(), List.of()))
                .toList());
    }

    /** A request that fits on {@code host} alone among all hosts. */
    private PlacementRequest request(UUID session, String part, String pod, String host) {
        PlacementRequest request = new PlacementRequest(session, part, pod, PodResources.NONE, Map.of("name", host));
        requested.add(request);
        return request;
    }

    private List<PartKey> mine(List<PartKey> parts) {
        return parts.stream().filter(p -> inserted.contains(p.sessionId())).toList();
    }

    /** Since when each pod of the session waits, read with plain SQL. */
    private List<Instant> waitsOf(UUID session) {
        return transactions.executeRead(status -> {
            List<Instant> since = new ArrayList<>();
            try (PreparedStatement query = status.getConnection().prepareStatement(
                    "SELECT since FROM placement_waits WHERE session_id = ? ORDER BY pod_name")) {
                query.setObject(1, session);
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        since.add(rows.getTimestamp(1).toInstant());
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return since;
        });
    }
}
