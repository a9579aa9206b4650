package dev.steward.app.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.dockerjava.api.DockerClient;
import dev.steward.app.support.HostApi;
import dev.steward.app.support.PrometheusText;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.Specs;
import dev.steward.contract.MetricNames;
import dev.steward.model.HostStatus;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * After sessions have lived through what Steward measures (a start, a killed container repaired, a
 * crash loop, a pod waiting for room, a host whose engine does not answer), {@code /prometheus}
 * shows Temporal's SDK metrics and every one of Steward's own.
 */
@MicronautTest
class MetricsIT {

    @Inject
    @Client("/")
    HttpClient client;

    @Inject
    DockerClient docker;

    SessionApi sessions;
    HostApi hosts;
    final String run = UUID.randomUUID().toString().substring(0, 8);

    @BeforeEach
    void setUp() {
        sessions = new SessionApi(client.toBlocking());
        hosts = new HostApi(client.toBlocking());
    }

    @Test
    void prometheusShowsTemporalAndStewardMetricsAfterASessionsLife() {
        UUID steady = sessions.create(Map.of("owner", "metrics-" + run, "parts", List.of(Specs.part("web", "steady"))))
                .id();
        PodView running = awaitPod(steady, "steady", pod -> pod.status() == PodStatus.READY);
        sessions.awaitStatus(steady, SessionStatus.RUNNING);
        docker.killContainerCmd(running.containerId()).exec();
        awaitPod(steady, "steady", pod -> pod.status() == PodStatus.READY && pod.restarts() == 1);

        Map<String, Object> waiting = new HashMap<>(Specs.sleeper("waiting"));
        waiting.put("hostSelector", Map.of("zone", "nowhere-" + run));
        Map<String, Object> looping = Map.of("name", "loop", "image", Specs.BUSYBOX,
                "command", List.of("sh", "-c", "exit 3"));
        UUID troubled = sessions.create(Map.of("owner", "metrics-" + run, "parts", List.of(Map.of(
                "name", "web", "onFailure", "CONTINUE", "maxUnhealthy", "2", "pods", List.of(looping, waiting))))).id();
        awaitPod(troubled, "loop", pod -> pod.status() == PodStatus.FAILED);
        awaitPod(troubled, "waiting", pod -> "Unschedulable".equals(pod.reason()));

        String gone = "gone-" + run;
        hosts.register(Map.of("name", gone, "endpoint", "unix:///nonexistent/steward-" + run + ".sock",
                "labels", Map.of("zone", "gone-" + run)));
        Eventually.await(gone + " UNREACHABLE", SessionApi.DEADLINE,
                () -> hosts.get(gone), host -> host.status() == HostStatus.UNREACHABLE);

        Map<String, Predicate<PrometheusText>> expected = new LinkedHashMap<>();
        expected.put("Temporal SDK requests", m -> m.sum("temporal_request_total") > 0);
        expected.put("Temporal SDK workflow tasks", m -> m.sum("temporal_workflow_task_execution_latency_seconds_count") > 0);
        expected.put("Temporal SDK activities", m -> m.sum("temporal_activity_execution_latency_seconds_count") > 0);
        expected.put("sessions RUNNING", m -> m.sum(prometheus(MetricNames.SESSIONS), Map.of("status", "RUNNING")) >= 1);
        expected.put("pods READY", m -> m.sum(prometheus(MetricNames.PODS), Map.of("status", "READY")) >= 1);
        expected.put("pods FAILED", m -> m.sum(prometheus(MetricNames.PODS), Map.of("status", "FAILED")) >= 1);
        expected.put("hosts UNREACHABLE", m -> m.sum(prometheus(MetricNames.HOSTS), Map.of("status", "UNREACHABLE")) >= 1);
        expected.put("POST to RUNNING", m -> m.sum(prometheus(MetricNames.SESSION_STARTUP) + "_seconds_count") >= 1
                && m.has(prometheus(MetricNames.SESSION_STARTUP) + "_seconds_bucket"));
        expected.put("kill to running", m -> m.sum(prometheus(MetricNames.POD_REPAIR) + "_seconds_count") >= 1);
        expected.put("restarts", m -> m.sum(prometheus(MetricNames.POD_RESTARTS) + "_total") >= 1);
        expected.put("crash loops", m -> m.sum(prometheus(MetricNames.POD_CRASH_LOOPS) + "_total") >= 1);
        expected.put("placement waits", m -> m.sum(prometheus(MetricNames.PLACEMENT_WAITS) + "_total") >= 1
                && m.sum(prometheus(MetricNames.PLACEMENT_WAITING)) >= 1);
        expected.put("reconcile passes", m -> m.sum(prometheus(MetricNames.RECONCILE_PASSES) + "_total") > 0
                && m.sum(prometheus(MetricNames.RECONCILE_PASS) + "_seconds_count") > 0);
        expected.put("passes of parts that became READY", m -> m.sum(prometheus(MetricNames.PART_PASSES) + "_count",
                Map.of("status", "READY")) >= 1 && m.sum(prometheus(MetricNames.PART_PASSES) + "_sum",
                Map.of("status", "READY")) >= 1);
        expected.put("engine calls of host local", m -> m.sum(prometheus(MetricNames.ENGINE_CALLS) + "_seconds_count",
                Map.of("host", "local", "outcome", "success")) > 0);
        expected.put("engine errors of " + gone, m -> m.sum(prometheus(MetricNames.ENGINE_ERRORS) + "_total",
                Map.of("host", gone, "kind", "no_answer")) > 0);
        Eventually.await("every metric in /prometheus (last seen: those missing)", SessionApi.DEADLINE,
                () -> missing(expected, scrape()),
                List::isEmpty);

        assertEquals(HttpStatus.ACCEPTED, sessions.delete(steady));
        assertEquals(HttpStatus.ACCEPTED, sessions.delete(troubled));
        sessions.awaitStatus(steady, SessionStatus.DELETED);
        sessions.awaitStatus(troubled, SessionStatus.DELETED);
        assertEquals(HttpStatus.NO_CONTENT, hosts.delete(gone));
    }

    /** What is not there yet, by name. */
    private static List<String> missing(Map<String, Predicate<PrometheusText>> expected, PrometheusText scrape) {
        return expected.entrySet().stream().filter(e -> !e.getValue().test(scrape)).map(Map.Entry::getKey).toList();
    }

    private PrometheusText scrape() {
        return new PrometheusText(client.toBlocking().retrieve(HttpRequest.GET("/prometheus")));
    }

    private PodView awaitPod(UUID session, String pod, Predicate<PodView> done) {
        return Eventually.await("pod " + pod + " of " + session, SessionApi.DEADLINE,
                () -> sessions.get(session).parts().getFirst().pods().stream()
                .filter(p -> p.name().equals(pod)).findFirst().orElseThrow(), done);
    }

    /** Micrometer's name as Prometheus shows it, before the unit and type suffixes. */
    private static String prometheus(String micrometerName) {
        return micrometerName.replace('.', '_');
    }
}
