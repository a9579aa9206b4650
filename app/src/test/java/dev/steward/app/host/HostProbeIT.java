package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import dev.steward.activity.DockerClientFactory;
import dev.steward.app.api.HostTransitionView;
import dev.steward.app.support.HostApi;
import dev.steward.app.support.OwnHosts;
import dev.steward.config.HostsConfig;
import dev.steward.contract.HostActivities;
import dev.steward.contract.HostProbe;
import dev.steward.contract.HostStatusChange;
import dev.steward.contract.MetricNames;
import dev.steward.contract.StewardLabels;
import dev.steward.model.HostCapacity;
import dev.steward.model.HostSpec;
import dev.steward.model.HostStatus;
import dev.steward.model.HostTls;
import dev.steward.store.HostRow;
import dev.steward.store.HostStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micronaut.context.annotation.Property;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.transaction.TransactionOperations;
import io.temporal.failure.ApplicationFailure;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Probing real engines: two that answer, one that does not exist, and one that never answers. */
@MicronautTest(transactional = false)
// No workers: no host workflow probes the hosts this test registers, so what it reads is its own doing.
@Property(name = "steward.worker.enabled", value = "false")
class HostProbeIT {

    private static final String BUSYBOX = "localhost/busybox:latest";

    @Inject
    HostActivities activities;

    @Inject
    HostStore store;

    @Inject
    HostsConfig config;

    @Inject
    TransactionOperations<Connection> transactions;

    @Inject
    MeterRegistry meters;

    @Inject
    @Client("/")
    HttpClient client;

    HostApi api;
    OwnHosts hosts;

    @BeforeEach
    void setUp() {
        api = new HostApi(client.toBlocking());
        hosts = new OwnHosts("h", store, activities);
    }

    @AfterEach
    void removeOwnHosts() {
        hosts.close();
    }

    private String host(String suffix, String endpoint) {
        return hosts.register(suffix, endpoint, HostCapacity.UNLIMITED);
    }

    private HostStatusChange probeAndRecord(String host) {
        return activities.recordProbe(UUID.randomUUID(), host, activities.probe(host));
    }

    @Test
    void bothRealEnginesAnswerAndTheirHostsBecomeReady() {
        for (String endpoint : List.of(HostApi.firstEngine(), HostApi.secondEngine())) {
            String host = host(endpoint.equals(HostApi.firstEngine()) ? "one" : "two", endpoint);
            HostProbe probe = activities.probe(host);
            assertTrue(probe.reachable(), endpoint + ": " + probe.error());
            assertFalse(probe.engineVersion().isBlank());
            assertFalse(probe.apiVersion().isBlank());
            assertNotNull(probe.containerCount());
            HostStatusChange change = activities.recordProbe(UUID.randomUUID(), host, probe);
            assertEquals(new HostStatusChange(host, HostStatus.UNKNOWN, HostStatus.READY, "ProbeSucceeded",
                    "the engine answered (version " + probe.engineVersion() + ")", 0), change);
            HostRow row = store.find(host).orElseThrow();
            assertEquals(probe.engineVersion(), row.engineVersion());
            assertEquals(probe.containerCount(), row.containerCount());
            assertEquals(probe.probedAt(), row.lastSeenAt());
        }
    }

    @Test
    void theContainerCountIsOfStewardContainersOnThatEngineOnly() throws IOException {
        String one = host("one", HostApi.firstEngine());
        String two = host("two", HostApi.secondEngine());
        UUID session = UUID.randomUUID();
        try (DockerClient second = DockerClientFactory.create(HostApi.secondEngine())) {
            int before = activities.probe(two).containerCount();
            String id = second.createContainerCmd(BUSYBOX)
                    .withName("steward-probe-it-" + session)
                    .withLabels(StewardLabels.forPod(session, "web", "a", 1, "x", "host-probe-it", null))
                    .withCmd("sleep", "60")
                    .exec()
                    .getId();
            try {
                assertEquals(before + 1, activities.probe(two).containerCount());
                int onSecond = second.listContainersCmd().withShowAll(true)
                        .withLabelFilter(Map.of(StewardLabels.MANAGED, "true")).exec().size();
                assertEquals(onSecond, activities.probe(two).containerCount());
                try (DockerClient first = DockerClientFactory.create(HostApi.firstEngine())) {
                    assertEquals(0, first.listContainersCmd().withShowAll(true)
                            .withLabelFilter(StewardLabels.forSession(session)).exec().size());
                }
                assertTrue(activities.probe(one).reachable());
            } finally {
                second.removeContainerCmd(id).withForce(true).exec();
            }
            assertEquals(before, activities.probe(two).containerCount());
        }
    }

    @Test
    void aMissingEngineIsUnreachableAfterTheConfiguredFailures() {
        assertEquals(2, config.unreachableAfter(), "application-test.yml sets steward.hosts.unreachable-after");
        String host = host("missing", "unix:///nonexistent-" + hosts.run() + "/podman.sock");
        HostProbe failed = activities.probe(host);
        assertFalse(failed.reachable());
        assertNull(failed.engineVersion());
        assertFalse(failed.error().isBlank());

        UUID firstProbe = UUID.randomUUID();
        HostStatusChange first = activities.recordProbe(firstProbe, host, failed);
        assertEquals(HostStatus.UNKNOWN, first.to());
        assertEquals(1, first.failedProbes());
        // A retried recording of the same probe counts once.
        assertEquals(1, activities.recordProbe(firstProbe, host, failed).failedProbes());

        HostStatusChange second = probeAndRecord(host);
        assertEquals(HostStatus.UNREACHABLE, second.to());
        assertEquals(2, second.failedProbes());
        HostTransitionView last = api.transitions(host).getLast();
        assertEquals(HostStatus.UNREACHABLE, last.to());
        assertEquals("ProbeFailed", last.reason());
        assertTrue(last.message().startsWith("2 consecutive probes failed (steward.hosts.unreachable-after=2): "),
                last.message());
        assertEquals(HostStatus.UNREACHABLE, api.get(host).status());
    }

    @Test
    void aReadyHostWhoseEngineGoesAwayIsUnreachableAndReadyWhenItIsBack() {
        String host = host("moves", HostApi.secondEngine());
        assertEquals(HostStatus.READY, probeAndRecord(host).to());

        // The engine is gone from the endpoint the host names; the registry reconnects to the new one.
        setEndpoint(host, "unix:///nonexistent-" + hosts.run() + "/podman.sock");
        assertEquals(HostStatus.READY, probeAndRecord(host).to());
        assertEquals(HostStatus.UNREACHABLE, probeAndRecord(host).to());

        setEndpoint(host, HostApi.secondEngine());
        HostStatusChange back = probeAndRecord(host);
        assertEquals(HostStatus.READY, back.to());
        assertEquals(0, back.failedProbes());
        assertEquals(List.of(HostStatus.UNKNOWN, HostStatus.READY, HostStatus.UNREACHABLE, HostStatus.READY),
                api.transitions(host).stream().map(HostTransitionView::to).toList());
    }

    @Test
    void probesReadTheEngineVersionOnceUntilTheirClientChanges() {
        String host = host("version", HostApi.secondEngine());
        String version = activities.probe(host).engineVersion();
        assertEquals(version, activities.probe(host).engineVersion());
        assertEquals(version, activities.probe(host).engineVersion());
        assertEquals(1, calls(host, "GET /version"));
        assertEquals(3, calls(host, "GET /containers/json"), "each probe reached the engine");

        setEndpoint(host, "unix:///nonexistent-" + hosts.run() + "/podman.sock");
        assertFalse(activities.probe(host).reachable());
        setEndpoint(host, HostApi.secondEngine());
        assertEquals(version, activities.probe(host).engineVersion());
        assertEquals(2, calls(host, "GET /version"));
    }

    private long calls(String host, String operation) {
        return meters.find(MetricNames.ENGINE_CALLS).tags("host", host, "operation", operation, "outcome", "success")
                .timers().stream()
                .mapToLong(Timer::count).sum();
    }

    @Test
    void anEngineThatNeverAnswersIsUnreachableWithinTheProbeTimeout() throws IOException {
        // The kernel accepts connections on a listening socket; nobody ever answers on it.
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String host = host("silent", "tcp://127.0.0.1:" + silent.getLocalPort());
            long started = System.nanoTime();
            HostProbe probe = activities.probe(host);
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertFalse(probe.reachable());
            assertTrue(took.compareTo(config.probeTimeout().multipliedBy(3)) < 0,
                    "the probe took " + took + " with steward.hosts.probe-timeout=" + config.probeTimeout());
        }
    }

    @Test
    void tlsFilesThatCannotBeReadMakeTheHostUnreachableNamingTheFiles() {
        String host = hosts.name("tls");
        String dir = "/nonexistent-" + hosts.run();
        store.register(new HostSpec(host, "tcp://127.0.0.1:2376", HostCapacity.UNLIMITED, Map.of(),
                new HostTls(dir + "/ca.pem", dir + "/cert.pem", dir + "/key.pem", null))).orElseThrow();
        HostProbe probe = activities.probe(host);
        assertFalse(probe.reachable());
        assertTrue(probe.error().contains("cannot set up TLS from " + dir + "/ca.pem"), probe.error());
    }

    @Test
    void anUnknownHostIsANonRetryableFailure() {
        ApplicationFailure failure = assertThrows(ApplicationFailure.class,
                () -> activities.probe(hosts.name("never-registered")));
        assertEquals(HostActivities.UNKNOWN_HOST, failure.getType());
        assertTrue(failure.isNonRetryable());
    }

    private void setEndpoint(String host, String endpoint) {
        transactions.executeWrite(status -> {
            try (PreparedStatement update = status.getConnection()
                    .prepareStatement("UPDATE hosts SET endpoint = ? WHERE name = ?")) {
                update.setString(1, endpoint);
                update.setString(2, host);
                assertEquals(1, update.executeUpdate());
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return null;
        });
    }
}
