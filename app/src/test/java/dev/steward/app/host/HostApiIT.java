package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.workflow.support.Eventually;
import dev.steward.app.support.SessionApi;
import dev.steward.app.api.HostTransitionView;
import dev.steward.app.api.HostView;
import dev.steward.app.api.StatusCatalog;
import dev.steward.app.http.problem.Problem;
import dev.steward.app.support.HostApi;
import dev.steward.app.support.OwnHosts;
import dev.steward.config.EngineConfig;
import dev.steward.config.HostsConfig;
import dev.steward.contract.HostActivities;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.PlacementRequest;
import dev.steward.contract.PlacementResult;
import dev.steward.model.FieldError;
import dev.steward.model.HostCapacity;
import dev.steward.model.HostStatus;
import dev.steward.model.PodResources;
import dev.steward.store.HostDeletion;
import dev.steward.store.HostRepository;
import dev.steward.store.HostRow;
import dev.steward.store.HostStore;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The host registry over REST: registration, changes, removal, and bad input refused without effect. */
@MicronautTest(transactional = false)
// No workers: no host workflow probes the hosts this test registers, so what it reads is its own doing.
@Property(name = "steward.worker.enabled", value = "false")
class HostApiIT {

    @Inject
    @Client("/")
    HttpClient client;

    @Inject
    HostRepository hostRows;

    @Inject
    HostStore store;

    @Inject
    PlacementActivities placement;

    @Inject
    HostActivities hostActivities;

    @Inject
    LocalHostRegistration localRegistration;

    @Inject
    HostsConfig hostsConfig;

    @Inject
    EngineConfig engineConfig;

    @Inject
    ApplicationContext context;

    HostApi api;
    OwnHosts hosts;

    @BeforeEach
    void setUp() {
        api = new HostApi(client.toBlocking());
        hosts = new OwnHosts("t", store, hostActivities);
    }

    @AfterEach
    void removeOwnHosts() {
        hosts.close();
    }

    private Map<String, Object> host(String name, String endpoint) {
        Map<String, Object> host = new HashMap<>();
        host.put("name", name);
        host.put("endpoint", endpoint);
        host.put("capacity", Map.of("pods", 4, "cpus", 2.5, "memoryMb", 2048));
        host.put("labels", Map.of("zone", "a"));
        return host;
    }

    @Test
    void aRegisteredHostIsShownWithItsCapacityAndNoPods() {
        String name = hosts.name("reg");
        HostView view = api.register(host(name, HostApi.secondEngine()));
        assertEquals(HostStatus.UNKNOWN, view.status());
        assertEquals(new HostCapacity(4, 2.5, 2048L), view.capacity());
        assertEquals(new HostCapacity(4, 2.5, 2048L), view.free());
        assertEquals(0, view.placedPods());
        assertTrue(view.enabled());
        assertEquals(view, api.get(name));
        assertTrue(api.list().stream().anyMatch(h -> h.name().equals(name)));
        assertEquals(List.of(HostStatus.UNKNOWN), api.transitions(name).stream().map(HostTransitionView::to).toList());
    }

    @Test
    void theStatusCatalogListsHostStatuses() {
        StatusCatalog catalog = client.toBlocking().retrieve(HttpRequest.GET("/api/v1/statuses"), StatusCatalog.class);
        assertEquals(List.of(HostStatus.values()), catalog.host());
    }

    @Test
    void onlyAllowedEndpointsAndTlsFilesUnderTheTlsDirectoryAreRegistered() {
        String name = hosts.name("not-allowed");
        // application-test.yml allows unix sockets and tcp://127.0.0.1:*, TLS files under /etc/steward.
        for (String endpoint : List.of("tcp://10.1.2.3:2376", "tcp://127.0.0.2:2376")) {
            Problem problem = api.refused(HttpRequest.POST("/api/v1/hosts", host(name, endpoint)),
                    HttpStatus.UNPROCESSABLE_ENTITY);
            assertEquals(List.of("endpoint"), problem.errors().stream().map(FieldError::field).toList(), endpoint);
        }
        Map<String, Object> outside = host(name, "tcp://127.0.0.1:2376");
        outside.put("tls", Map.of("caPath", "/etc/steward/../../root/ca.pem", "certPath", "/tmp/cert.pem",
                "keyPath", "/etc/steward/b/key.pem"));
        Problem problem = api.refused(HttpRequest.POST("/api/v1/hosts", outside), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of("tls.caPath", "tls.certPath"), problem.errors().stream().map(FieldError::field).toList());
        assertEquals(404, assertThrows(HttpClientResponseException.class, () -> api.get(name)).code(),
                "nothing was registered");
    }

    @Test
    void tlsSettingsAreKeptAsPathsOrAReference() {
        String files = hosts.name("tls-files");
        Map<String, Object> withFiles = host(files, "tcp://127.0.0.1:2376");
        withFiles.put("tls", Map.of("caPath", "/etc/steward/b/ca.pem", "certPath", "/etc/steward/b/cert.pem",
                "keyPath", "/etc/steward/b/key.pem"));
        assertEquals("/etc/steward/b/key.pem", api.register(withFiles).tls().keyPath());
        String secret = hosts.name("tls-secret");
        Map<String, Object> withSecret = host(secret, "tcp://127.0.0.1:2376");
        withSecret.put("tls", Map.of("secretRef", "steward/engine-b"));
        HostView view = api.register(withSecret);
        assertEquals("steward/engine-b", view.tls().secretRef());
        assertNull(view.tls().keyPath());
    }

    @Test
    void aBadEndpointIsRefusedAndNothingIsRegistered() {
        String name = hosts.name("bad-endpoint");
        for (String endpoint : List.of("http://127.0.0.1:2375", "tcp://127.0.0.1", "unix://relative.sock", "")) {
            Problem problem = api.refused(HttpRequest.POST("/api/v1/hosts", host(name, endpoint)),
                    HttpStatus.UNPROCESSABLE_ENTITY);
            assertEquals(List.of("endpoint"), problem.errors().stream().map(FieldError::field).toList(), endpoint);
        }
        assertFalse(hostRows.existsById(name));
    }

    @Test
    void negativeCapacityIsRefusedNamingEachField() {
        String name = hosts.name("negative");
        Map<String, Object> spec = host(name, HostApi.secondEngine());
        spec.put("capacity", Map.of("pods", -1, "cpus", -2, "memoryMb", -512));
        Problem problem = api.refused(HttpRequest.POST("/api/v1/hosts", spec), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of("capacity.pods", "capacity.cpus", "capacity.memoryMb"),
                problem.errors().stream().map(FieldError::field).toList());
        assertFalse(hostRows.existsById(name));
    }

    @Test
    void aCapacityOfTheWrongTypeIsABadRequest() {
        String name = hosts.name("wrong-type");
        Map<String, Object> spec = host(name, HostApi.secondEngine());
        spec.put("capacity", Map.of("pods", "many"));
        Problem problem = api.refused(HttpRequest.POST("/api/v1/hosts", spec), HttpStatus.BAD_REQUEST);
        assertEquals("capacity.pods", problem.errors().getFirst().field());
        assertFalse(hostRows.existsById(name));
    }

    @Test
    void aDuplicateNameIsAConflictAndTheFirstHostIsUnchanged() {
        String name = hosts.name("dup");
        HostView first = api.register(host(name, HostApi.secondEngine()));
        Map<String, Object> second = host(name, HostApi.firstEngine());
        second.put("capacity", Map.of("pods", 1));
        Problem problem = api.refused(HttpRequest.POST("/api/v1/hosts", second), HttpStatus.CONFLICT);
        assertEquals(List.of(new FieldError("name", "is taken by another host")), problem.errors());
        assertEquals(first, api.get(name));
    }

    @Test
    void concurrentRegistrationsOfOneNameRegisterItOnce() throws Exception {
        String name = hosts.name("race");
        int attempts = 8;
        ExecutorService pool = Executors.newFixedThreadPool(attempts);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<HttpStatus>> outcomes = new ArrayList<>();
            for (int i = 0; i < attempts; i++) {
                outcomes.add(pool.submit(() -> {
                    start.await();
                    try {
                        return client.toBlocking().exchange(HttpRequest.POST("/api/v1/hosts",
                                host(name, HostApi.secondEngine()))).getStatus();
                    } catch (HttpClientResponseException refused) {
                        return refused.getStatus();
                    }
                }));
            }
            start.countDown();
            List<HttpStatus> statuses = new ArrayList<>();
            for (Future<HttpStatus> outcome : outcomes) {
                statuses.add(outcome.get());
            }
            assertEquals(1, statuses.stream().filter(HttpStatus.CREATED::equals).count(), statuses.toString());
            assertEquals(attempts - 1, statuses.stream().filter(HttpStatus.CONFLICT::equals).count(), statuses.toString());
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, api.transitions(name).size());
    }

    @Test
    void operatorChangesAreRecordedAsTransitions() {
        String name = hosts.name("ops");
        api.register(host(name, HostApi.secondEngine()));
        HostView disabled = api.change(name, Map.of("enabled", false));
        assertEquals(HostStatus.DISABLED, disabled.status());
        assertEquals("Disabled", disabled.reason());
        HostView relabelled = api.change(name, Map.of("labels", Map.of("zone", "b"), "capacity", Map.of("pods", 1)));
        assertEquals(Map.of("zone", "b"), relabelled.labels());
        assertEquals(new HostCapacity(1, null, null), relabelled.capacity());
        assertEquals(HostStatus.DISABLED, relabelled.status());
        HostView draining = api.change(name, Map.of("enabled", true, "draining", true));
        assertEquals(HostStatus.DRAINING, draining.status());
        assertEquals(List.of(HostStatus.UNKNOWN, HostStatus.DISABLED, HostStatus.DRAINING),
                api.transitions(name).stream().map(HostTransitionView::to).toList());
    }

    @Test
    void aBadChangeIsRefusedAndChangesNothing() {
        String name = hosts.name("bad-change");
        HostView before = api.register(host(name, HostApi.secondEngine()));
        Problem problem = api.refused(HttpRequest.PUT("/api/v1/hosts/" + name,
                Map.of("enabled", false, "capacity", Map.of("memoryMb", -1))), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(List.of("capacity.memoryMb"), problem.errors().stream().map(FieldError::field).toList());
        assertEquals(before, api.get(name));
    }

    @Test
    void aChangeOfTheWrongTypeIsABadRequestAndChangesNothing() {
        String name = hosts.name("wrong-change");
        HostView before = api.register(host(name, HostApi.secondEngine()));
        Problem problem = api.refused(HttpRequest.PUT("/api/v1/hosts/" + name,
                Map.of("enabled", false, "draining", "soon")), HttpStatus.BAD_REQUEST);
        assertEquals("draining", problem.errors().getFirst().field());
        assertEquals(before, api.get(name));
        assertEquals(List.of(HostStatus.UNKNOWN), api.transitions(name).stream().map(HostTransitionView::to).toList());
    }

    @Test
    void unknownHostsAreNotFound() {
        String unknown = hosts.name("nowhere");
        for (var request : List.of(HttpRequest.GET("/api/v1/hosts/" + unknown),
                HttpRequest.PUT("/api/v1/hosts/" + unknown, Map.of("enabled", false)),
                HttpRequest.DELETE("/api/v1/hosts/" + unknown),
                HttpRequest.GET("/api/v1/hosts/" + unknown + "/transitions"))) {
            api.refused(request, HttpStatus.NOT_FOUND);
        }
    }

    @Test
    void aHostWithPlacedPodsCannotBeDeleted() {
        String name = hosts.name("busy");
        api.register(host(name, HostApi.secondEngine()));
        hosts.probeReady(name);
        UUID session = UUID.randomUUID();
        PlacementResult placed = placement.place(new PlacementRequest(session, "web", "a",
                new PodResources(0.5, 256L), Map.of("zone", "a", "run", "none")));
        assertFalse(placed.placed(), "the selector matches no host: " + placed);
        api.change(name, Map.of("labels", Map.of("zone", "a", "run", hosts.run())));
        placed = placement.place(new PlacementRequest(session, "web", "a", new PodResources(0.5, 256L),
                Map.of("run", hosts.run())));
        assertEquals(name, placed.host(), placed.message());
        HostView busy = api.get(name);
        assertEquals(1, busy.placedPods());
        assertEquals(new HostCapacity(3, 2.0, 1792L), busy.free());

        Problem problem = api.refused(HttpRequest.DELETE("/api/v1/hosts/" + name), HttpStatus.CONFLICT);
        assertTrue(problem.detail().contains("pods are placed on host " + name), problem.detail());
        assertEquals(busy, api.get(name));

        placement.release(session, "web", "a", null);
        placement.release(session, "web", "a", null);
        assertEquals(HttpStatus.NO_CONTENT, api.delete(name));
        api.refused(HttpRequest.GET("/api/v1/hosts/" + name), HttpStatus.NOT_FOUND);
    }

    @Test
    void theLocalEngineIsRegisteredWhenNoHostIsAndOnlyThen() {
        // Steward registered it when this context started, unless hosts existed already.
        // Sessions of earlier tests ended as DELETED may still be releasing their last placements.
        List<HostRow> others = hostRows.listOrderByName();
        others.forEach(h -> Eventually.await("host " + h.name() + " deleted once no pod is placed on it",
                SessionApi.DEADLINE, () -> store.delete(h.name()), deletion -> deletion == HostDeletion.DELETED));
        try {
            localRegistration.onStartup(new StartupEvent(context));
            localRegistration.onStartup(new StartupEvent(context));
            List<HostRow> rows = hostRows.listOrderByName();
            assertEquals(List.of(hostsConfig.localName()), rows.stream().map(HostRow::name).toList());
            assertEquals(engineConfig.host(), rows.getFirst().endpoint());
            // Registered unprobed; its workflow may have probed it since.
            assertEquals(HostStatus.UNKNOWN, store.transitions(hostsConfig.localName()).getFirst().toStatus());

            String name = hosts.name("second");
            api.register(host(name, HostApi.secondEngine()));
            store.delete(hostsConfig.localName());
            localRegistration.onStartup(new StartupEvent(context));
            assertFalse(hostRows.existsById(hostsConfig.localName()), "registered although a host exists");
        } finally {
            hosts.close();
            localRegistration.onStartup(new StartupEvent(context));
        }
    }
}
