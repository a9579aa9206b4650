package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.steward.activity.DockerClientFactory;
import dev.steward.activity.EngineActivities;
import dev.steward.activity.SessionNetworks;
import dev.steward.activity.SessionVolumes;
import dev.steward.app.session.SessionStore;
import dev.steward.app.support.Engine;
import dev.steward.app.support.HostApi;
import dev.steward.app.support.OwnHosts;
import dev.steward.app.support.PartStandIn;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TestWorkflows;
import dev.steward.contract.ContainerState;
import dev.steward.contract.HostActivities;
import dev.steward.contract.HostResync;
import dev.steward.contract.HostSyncActivities;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.PlacementRequest;
import dev.steward.contract.ResyncResult;
import dev.steward.contract.StewardLabels;
import dev.steward.model.HostCapacity;
import dev.steward.model.PartSpec;
import dev.steward.model.PodResources;
import dev.steward.model.PodSpec;
import dev.steward.model.SessionSpec;
import dev.steward.model.Timeslot;
import dev.steward.model.VolumeSpec;
import dev.steward.store.HostStore;
import dev.steward.store.SessionRepository;
import dev.steward.workflow.support.Eventually;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.temporal.activity.ActivityOptions;
import io.temporal.client.WorkflowClient;
import io.temporal.testing.TestActivityEnvironment;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One host's resync on a real engine: it removes the containers made for it whose pod holds no
 * placement on it any more, once they are old enough, and hands a part only the containers that
 * are this host's (labelled with its name, or with none). Another deployment's containers on the same engine
 * are never its to sweep, however old.
 */
@MicronautTest(transactional = false)
class HostSyncIT {

    private static final String HASH = "0123456789abcdef";

    @Inject
    EngineActivities engineActivities;

    @Inject
    HostActivities hostActivities;

    @Inject
    PlacementActivities placement;

    @Inject
    HostStore store;

    @Inject
    SessionStore sessions;

    @Inject
    SessionRepository sessionRows;

    @Inject
    WorkflowClient temporal;

    final UUID session = UUID.randomUUID();
    /** A session that has ended, whose network and volume a removal cut short left behind. */
    final UUID ended = UUID.randomUUID();
    OwnHosts hosts;
    String host;
    /** The test's own deployment: no other resync or sweep touches its containers. */
    String deployment;
    DockerClient engine;
    TestWorkflows workflows;

    @BeforeEach
    void setUp() {
        hosts = new OwnHosts("s", store, hostActivities);
        deployment = "host-sync-it-" + hosts.run();
        engine = DockerClientFactory.create(HostApi.secondEngine());
        workflows = new TestWorkflows(temporal);
        host = hosts.registerReady("sync", HostApi.secondEngine(), HostCapacity.UNLIMITED);
        PodSpec placed = new PodSpec("placed", Specs.BUSYBOX, List.of("sleep", "60"), Map.of(), List.of());
        PodSpec moved = new PodSpec("moved", Specs.BUSYBOX, List.of("sleep", "60"), Map.of(), List.of());
        PodSpec replicated = new PodSpec("replicated", Specs.BUSYBOX, List.of("sleep", "60"), Map.of(), List.of(),
                null, null, null, null, null, null, null, 2, null, null, null);
        sessions.insert(session, new SessionSpec("host-sync-it", null,
                List.of(new PartSpec("web", List.of(placed, moved, replicated))), Timeslot.NONE), 1, Instant.now());
    }

    @AfterEach
    void tearDown() throws IOException {
        new Engine(engine).removeAllOf(deployment);
        new Engine(engine).removeVolumesOf(deployment);
        new Engine(engine).containersOf(otherDeployment()).forEach(new Engine(engine)::remove);
        engine.close();
        placement.release(session, "web", "placed", null);
        sessions.delete(session);
        sessions.delete(ended);
        hosts.close();
        workflows.close();
    }

    @Test
    void aContainerLeftBehindByAPodThatMovedIsRemovedOnceOldEnough() {
        assertTrue(placement.place(new PlacementRequest(session, "web", "placed", PodResources.NONE,
                Map.of("run", hosts.run()))).placed());
        String placedHere = container("placed", host);
        String leftBehind = container("moved", host);
        String otherHosts = container("moved", "elsewhere-" + hosts.run());
        String beforePlacement = container("placed", null);
        // A replica is wanted by its own name; the replicated pod's bare name is no pod of the session.
        String replica = container("replicated-1", null);
        String notAPod = container("replicated", null);
        // Another deployment on the same engine: the same session's labels, left behind as long ago.
        String anotherDeployments = container(otherDeployment(), "moved", host);
        PartStandIn part = workflows.partStandIn(session, "web");
        HostSyncActivities sync = engineActivities.hostSync(host, engineActivities.containers(host));

        ResyncResult young = sync.resync(deployment, 3600, false);

        assertEquals(new ResyncResult(6, 1, 0, 0), young);
        assertEquals(Set.of(placedHere, leftBehind, otherHosts, beforePlacement, replica, notAPod), ids(mine()));

        // Run as its workflow runs it: in an activity, whose heartbeats show that a worker still works on it.
        List<Object> heartbeats = new CopyOnWriteArrayList<>();
        ResyncResult old;
        TestActivityEnvironment activity = TestActivityEnvironment.newInstance();
        try {
            activity.registerActivitiesImplementations(sync);
            activity.setActivityHeartbeatListener(Object.class, heartbeats::add);
            old = activity.newActivityStub(HostSyncActivities.class, ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofMinutes(1)).build()).resync(deployment, 0, false);
        } finally {
            activity.close();
        }

        assertEquals(new ResyncResult(6, 1, 1, 1), old);
        // The SDK sends the first at once and holds the rest to its throttle: one shows the resync heartbeats.
        assertFalse(heartbeats.isEmpty(), "the resync heartbeats as it removes containers and tells parts");
        assertEquals(Set.of(placedHere, otherHosts, beforePlacement, replica), ids(mine()));
        assertEquals(Set.of(anotherDeployments), ids(new Engine(engine).containersOf(otherDeployment())),
                "another deployment's container is not this deployment's to sweep");
        List<HostResync> resyncs = Eventually.await("both resyncs reach the part", Duration.ofSeconds(10),
                part::resyncs, seen -> seen.size() == 2);
        assertEquals(host, resyncs.get(0).host());
        assertEquals(Set.of(placedHere, leftBehind, beforePlacement, replica, notAPod), containerIds(resyncs.get(0)),
                "the container labelled for another host is not this host's");
        assertEquals(Set.of(placedHere, beforePlacement, replica), containerIds(resyncs.get(1)));
    }

    @Test
    void networksAndVolumesLeftBehindGoOnlyInTheResyncsThatSweepThem() {
        sessions.insert(ended, new SessionSpec("host-sync-it", null, List.of(new PartSpec("web", List.of())),
                Timeslot.NONE, null, null, List.of(new VolumeSpec("data", null, false))), 1, Instant.now());
        sessionRows.updateStatus(ended, "DELETED", "Deleted", null, 1, null, Instant.now());
        String endedNetwork = leftBehindNetwork(ended);
        String liveNetwork = leftBehindNetwork(session);
        String endedVolume = leftBehindVolume(ended);
        String liveVolume = leftBehindVolume(session);
        HostSyncActivities sync = engineActivities.hostSync(host, engineActivities.containers(host));

        sync.resync(deployment, 3600, false);

        assertEquals(Set.of(endedNetwork, liveNetwork), networks(), "a resync that does not sweep leaves them");
        assertEquals(Set.of(endedVolume, liveVolume), volumes());

        sync.resync(deployment, 3600, true);

        assertEquals(Set.of(liveNetwork), networks(), "the ended session's network goes, the live one's stays");
        assertEquals(Set.of(liveVolume), volumes(), "the ended session's volume goes, the live one's stays");
    }

    /** A session's network as Steward names and labels it, on this test's deployment. */
    private String leftBehindNetwork(UUID of) {
        String name = SessionNetworks.name(of.toString());
        engine.createNetworkCmd().withName(name).withDriver("bridge").withLabels(Map.of(StewardLabels.MANAGED, "true",
                StewardLabels.DEPLOYMENT, deployment, StewardLabels.SESSION, of.toString())).exec();
        return name;
    }

    /** A session's volume {@code data} as Steward names and labels it, on this test's deployment. */
    private String leftBehindVolume(UUID of) {
        String name = SessionVolumes.name(of.toString(), "data");
        engine.createVolumeCmd().withName(name).withLabels(Map.of(StewardLabels.MANAGED, "true",
                StewardLabels.DEPLOYMENT, deployment, StewardLabels.SESSION, of.toString(),
                SessionVolumes.VOLUME_LABEL, "data")).exec();
        return name;
    }

    private Set<String> networks() {
        return engine.listNetworksCmd().withFilter("label", List.of(StewardLabels.DEPLOYMENT + "=" + deployment))
                .exec().stream().map(n -> n.getName()).collect(Collectors.toSet());
    }

    private Set<String> volumes() {
        var volumes = engine.listVolumesCmd().withFilter("label", List.of(StewardLabels.DEPLOYMENT + "=" + deployment))
                .exec().getVolumes();
        return volumes == null ? Set.of() : volumes.stream().map(v -> v.getName()).collect(Collectors.toSet());
    }

    /** Makes a container of this test's session on the engine, labelled for {@code hostLabel}. */
    private String container(String pod, String hostLabel) {
        return container(deployment, pod, hostLabel);
    }

    private String container(String ofDeployment, String pod, String hostLabel) {
        return engine.createContainerCmd(Specs.BUSYBOX)
                .withName("steward-host-sync-it-" + UUID.randomUUID())
                .withLabels(StewardLabels.forPod(session, "web", pod, 1, HASH, ofDeployment, hostLabel))
                .withCmd("sleep", "60")
                .exec()
                .getId();
    }

    private String otherDeployment() {
        return deployment + "-other";
    }

    private List<Container> mine() {
        return new Engine(engine).containersOf(deployment);
    }

    private static Set<String> ids(List<Container> containers) {
        return containers.stream().map(Container::getId).collect(Collectors.toSet());
    }

    private static Set<String> containerIds(HostResync resync) {
        return resync.containers().stream().map(ContainerState::id).collect(Collectors.toSet());
    }
}
