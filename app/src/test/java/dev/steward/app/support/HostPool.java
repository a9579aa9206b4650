package dev.steward.app.support;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.steward.activity.DockerClientFactory;
import dev.steward.app.api.HostView;
import dev.steward.contract.StewardLabels;
import dev.steward.model.HostStatus;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Hosts on the two real engines for one test, all carrying a label no other host carries, and
 * sessions whose pods select that label, so nothing else is ever placed on these hosts and these
 * pods go nowhere else. Closing it cleans up even after a failed test: the sessions are deleted,
 * their placements waited out, the hosts deleted, and what is left of their containers removed
 * from both engines. Host {@code local} is never touched.
 */
public final class HostPool implements AutoCloseable {

    static final String POOL_LABEL = "pool";
    public static final String PART = "web";

    private final BlockingHttpClient http;
    private final HostApi hostApi;
    private final SessionApi sessionApi;
    private final String deployment;
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final Map<String, String> endpointOf = new LinkedHashMap<>();
    private final Set<UUID> sessionIds = ConcurrentHashMap.newKeySet();
    private final DockerClient first;
    private volatile DockerClient second;
    /** Clients of the other engines hosts were registered on, such as hollow ones, by endpoint. */
    private final Map<String, DockerClient> others = new LinkedHashMap<>();

    /** @param deployment the {@code steward.deployment} label of this application context's containers */
    HostPool(BlockingHttpClient http, String deployment) {
        this.http = http;
        this.hostApi = new HostApi(http);
        this.sessionApi = new SessionApi(http);
        this.deployment = deployment;
        this.first = DockerClientFactory.create(HostApi.firstEngine());
        this.second = DockerClientFactory.create(HostApi.secondEngine());
    }

    public HostApi hosts() {
        return hostApi;
    }

    public SessionApi sessions() {
        return sessionApi;
    }

    /** Registers a host on the first engine ({@code DOCKER_HOST}) with room for {@code pods} pods. */
    public String onFirstEngine(String suffix, int pods) {
        return register(suffix, HostApi.firstEngine(), pods);
    }

    /** Registers a host on the second engine ({@code STEWARD_TEST_SECOND_ENGINE}) with room for {@code pods} pods. */
    public String onSecondEngine(String suffix, int pods) {
        return register(suffix, HostApi.secondEngine(), pods);
    }

    /** Registers a host on another engine, such as a hollow one, with room for {@code pods} pods. */
    public String onEngine(String suffix, String endpoint, int pods) {
        others.computeIfAbsent(endpoint, DockerClientFactory::create);
        return register(suffix, endpoint, pods);
    }

    private String register(String suffix, String endpoint, int pods) {
        String name = "hp" + run + "-" + suffix;
        endpointOf.put(name, endpoint);
        hostApi.register(Map.of("name", name, "endpoint", endpoint, "capacity", Map.of("pods", pods),
                "labels", Map.of(POOL_LABEL, run)));
        return name;
    }

    /** Waits until the host workflows have probed every named host and found it READY. */
    public void awaitReady(String... names) {
        awaitHosts(HostStatus.READY, names);
    }

    public void awaitHosts(HostStatus status, String... names) {
        Eventually.await(Arrays.toString(names) + " " + status, SessionApi.DEADLINE,
                () -> Stream.of(names).map(hostApi::get).toList(),
                views -> views.stream().allMatch(h -> h.status() == status));
    }

    /** This pool's hosts, as the API shows them now. */
    public List<HostView> hostViews() {
        return endpointOf.keySet().stream().map(hostApi::get).toList();
    }

    /** Waits until every pod of the session runs READY on {@code host}; returns them. */
    public List<PodView> awaitAllReadyOn(String host, UUID session) {
        return Eventually.await("every pod of " + session + " READY on " + host, SessionApi.DEADLINE,
                () -> pods(session),
                pods -> pods.stream().allMatch(p -> p.status() == PodStatus.READY && host.equals(p.host())));
    }

    /** Waits until no container of the session is left on {@code host}'s engine and no pod is placed on it. */
    public void awaitNothingLeftOn(String host, UUID session) {
        Eventually.await("no container of " + session + " left on " + host + "'s engine", SessionApi.DEADLINE,
                () -> containersOf(host, session),
                List::isEmpty);
        Eventually.await(host + " holds no pod", SessionApi.DEADLINE,
                () -> hostApi.get(host), view -> view.placedPods() == 0);
    }

    /** A long-running busybox pod that may only go on this pool's hosts. */
    public Map<String, Object> pod(String name) {
        Map<String, Object> pod = new HashMap<>(Specs.sleeper(name));
        pod.put("hostSelector", Map.of(POOL_LABEL, run));
        return pod;
    }

    /** A session of one part, {@link #PART}, with these pods. */
    public Map<String, Object> session(List<Map<String, Object>> pods) {
        return session(pods, List.of());
    }

    /** A session of one part, {@link #PART}, with these pods, declaring these volumes. */
    public Map<String, Object> session(List<Map<String, Object>> pods, List<Map<String, Object>> volumes) {
        return Map.of("owner", owner(), "volumes", volumes, "parts", List.of(Map.of("name", PART, "pods", pods)));
    }

    /** Creates the session and remembers it for the clean-up. */
    public UUID create(Map<String, Object> spec) {
        UUID id = sessionApi.create(spec).id();
        sessionIds.add(id);
        return id;
    }

    /** Every session this pool created, deleted ones too, newest first, in one read of the API. */
    public List<SessionView> sessionViews() {
        SessionListing page = http.retrieve(HttpRequest.GET("/api/v1/sessions?owner=" + owner() + "&size=100"),
                SessionListing.class);
        // An empty list is left out of the JSON.
        return page.items() == null ? List.of() : page.items();
    }

    /** The pods of the session's one part. */
    public List<PodView> pods(UUID id) {
        return pods(sessionApi.get(id));
    }

    public static List<PodView> pods(SessionView session) {
        return session.parts().getFirst().pods();
    }

    /** What the host's own engine runs for this pool's pods placed on {@code host}. */
    public List<Container> running(String host) {
        return engineOf(host).running(deployment, host);
    }

    /** Every container of the session on the engine of {@code host}, for any host and in any state. */
    public List<Container> containersOf(String host, UUID session) {
        return engineOf(host).containersOf(session);
    }

    /** Whether the engine of {@code host} has the volume. */
    public boolean hasVolume(String host, String volume) {
        return engineOf(host).hasVolume(volume);
    }

    /** Connects to the second engine again, after its API service was restarted. */
    public void reconnectSecondEngine() throws IOException {
        second.close();
        second = DockerClientFactory.create(HostApi.secondEngine());
    }

    private Engine engineOf(String host) {
        String endpoint = endpointOf.get(host);
        if (endpoint == null) {
            throw new IllegalArgumentException("not a host of this pool: " + host);
        }
        if (others.containsKey(endpoint)) {
            return new Engine(others.get(endpoint));
        }
        return new Engine(endpoint.equals(HostApi.firstEngine()) ? first : second);
    }

    private String owner() {
        return "hosts-" + run;
    }

    @Override
    public void close() throws IOException {
        List<Throwable> failures = new ArrayList<>();
        attempt(failures, this::deleteSessions);
        attempt(failures, this::awaitNoPlacements);
        attempt(failures, this::deleteHosts);
        attempt(failures, this::removeLeftContainers);
        first.close();
        second.close();
        for (DockerClient other : others.values()) {
            other.close();
        }
        if (!failures.isEmpty()) {
            AssertionError failed = new AssertionError("cleaning up host pool " + run + " failed",
                    failures.getFirst());
            failures.stream().skip(1).forEach(failed::addSuppressed);
            throw failed;
        }
    }

    private static void attempt(List<Throwable> failures, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException | AssertionError e) {
            failures.add(e);
        }
    }

    private void deleteSessions() {
        for (UUID id : sessionIds) {
            try {
                sessionApi.delete(id);
            } catch (HttpClientResponseException ended) {
                // Deleted already, or ended: waited for below either way.
            }
        }
        Eventually.await("every session of the pool DELETED", SessionApi.DEADLINE, this::sessionViews,
                views -> views.stream().allMatch(s -> s.status() == SessionStatus.DELETED));
    }

    /** A host with placements cannot be deleted; they go once their sessions' containers are gone. */
    private void awaitNoPlacements() {
        Eventually.await("no pod placed on " + endpointOf.keySet(), SessionApi.DEADLINE, this::hostViews,
                views -> views.stream().allMatch(h -> h.placedPods() == 0));
    }

    private void deleteHosts() {
        List<String> kept = new ArrayList<>();
        for (String name : endpointOf.keySet()) {
            try {
                hostApi.delete(name);
            } catch (HttpClientResponseException refused) {
                // It still holds pods: switched off, so that no later test's pod is placed on it.
                hostApi.change(name, Map.of("enabled", false));
                kept.add(name + " (" + refused.getStatus() + ")");
            }
        }
        if (!kept.isEmpty()) {
            throw new AssertionError("hosts not deleted, left disabled: " + kept);
        }
    }

    private void removeLeftContainers() {
        Set<String> sessions = new HashSet<>(sessionIds.stream().map(UUID::toString).toList());
        List<DockerClient> engines = new ArrayList<>(List.of(first, second));
        engines.addAll(others.values());
        for (DockerClient docker : engines) {
            Engine engine = new Engine(docker);
            engine.containersOf(deployment).stream()
                    .filter(c -> endpointOf.containsKey(c.getLabels().get(StewardLabels.HOST))
                            || sessions.contains(c.getLabels().get(StewardLabels.SESSION)))
                    .forEach(engine::remove);
            engine.removeNetworksOf(deployment, sessions::contains);
        }
    }
}
