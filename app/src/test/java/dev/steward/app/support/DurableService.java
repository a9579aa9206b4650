package dev.steward.app.support;

import com.github.dockerjava.api.DockerClient;
import dev.steward.activity.DockerClientFactory;
import dev.steward.app.api.TransitionView;
import dev.steward.model.PartView;
import dev.steward.model.PodView;
import dev.steward.model.Reason;
import dev.steward.model.SessionView;
import io.micronaut.http.client.HttpClient;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;

/**
 * The packaged service on a database of its own against a Temporal server of its own that keeps its
 * history in a file, both of which a test may kill and start again: what the durability tests run. The
 * service resumes missing workflows every second.
 */
public final class DurableService implements AutoCloseable {

    public final String run = UUID.randomUUID().toString().substring(0, 8);
    final OwnDatabase database;
    public final TemporalDevServer temporal;
    public final Engine engine;
    private final DockerClient docker;
    private ServiceProcess service;

    public DurableService(String name) throws IOException {
        database = OwnDatabase.create(name);
        temporal = TemporalDevServer.create();
        temporal.start();
        docker = DockerClientFactory.create(HostApi.firstEngine());
        engine = new Engine(docker);
    }

    Map<String, String> environment() {
        return Map.of(
                "DATASOURCES_DEFAULT_URL", database.url(),
                "TEMPORAL_ADDRESS", temporal.address(),
                "STEWARD_RECONCILE_DEPLOYMENT", "it-" + run,
                "STEWARD_RECONCILE_RESYNC_INTERVAL", "2s",
                "STEWARD_RESUME_INTERVAL", "1s",
                "STEWARD_RESUME_GRACE", "1s",
                "STEWARD_LIFECYCLE_TEARDOWN_BUDGET", "6s",
                "STEWARD_LIFECYCLE_KILL_MARGIN", "3s");
    }

    /** Starts the service (again) and waits until it is ready. */
    public void startService() throws IOException {
        startService(Map.of());
    }

    /** Starts the service (again) with these settings besides its own, and waits until it is ready. */
    public void startService(Map<String, String> settings) throws IOException {
        Map<String, String> environment = new HashMap<>(environment());
        environment.putAll(settings);
        service = ServiceProcess.start(environment);
        service.awaitReady();
    }

    /** For the calls that need the bytes on the wire. */
    public RawHttp http() {
        try {
            return new RawHttp(URI.create(service.baseUrl()).toURL());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** SIGKILL, as a crash. */
    public void killService() {
        service.kill();
    }

    /** What the service (its last start) printed. */
    public List<String> serviceLog() {
        return service.stdoutLines();
    }

    /** Steward's namespace on its Temporal, to look at its workflows directly. */
    public WorkflowClient temporalClient(WorkflowServiceStubs stubs) {
        return WorkflowClient.newInstance(stubs, WorkflowClientOptions.newBuilder().setNamespace("it-" + run).build());
    }

    public <T> T api(Function<SessionApi, T> calls) {
        try (HttpClient client = HttpClient.create(URI.create(service.baseUrl()).toURL())) {
            return calls.apply(new SessionApi(client.toBlocking()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** part/pod to container id, as the session shows them. */
    public static Map<String, String> containerIds(SessionView view) {
        Map<String, String> ids = new TreeMap<>();
        for (PartView part : view.parts()) {
            for (PodView pod : part.pods()) {
                ids.put(part.name() + "/" + pod.name(), pod.containerId());
            }
        }
        return ids;
    }

    public static boolean resumed(List<TransitionView> transitions) {
        return transitions.stream().anyMatch(t -> Reason.RESUMED.code().equals(t.reason()));
    }

    @Override
    public void close() {
        if (service != null) {
            service.close();
        }
        engine.removeAllOf("it-" + run);
        temporal.close();
        database.close();
        try {
            docker.close();
        } catch (IOException ignored) {
            // nothing left to release
        }
    }
}
