package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import dev.steward.activity.DockerClientFactory;
import dev.steward.app.support.Engine;
import dev.steward.app.support.HealthApi;
import dev.steward.app.support.HostApi;
import dev.steward.app.support.OwnDatabase;
import dev.steward.app.support.ServiceProcess;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TemporalDevServer;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Workers scale out: an API process without a worker, and worker processes without the API (as
 * {@code ./steward worker} runs them), on one Temporal (with sticky execution at its default) and one
 * PostgreSQL. Every session of a worker killed with SIGKILL is taken over by the other: its next change
 * applies, its containers go, and a session created afterwards runs.
 */
class WorkerProcessIT {

    private static final int SESSIONS = 4;

    @Test
    void theSessionsOfAKilledWorkerGoOnInAnother() throws IOException {
        String run = UUID.randomUUID().toString().substring(0, 8);
        Map<String, String> shared = Map.of(
                "TEMPORAL_ADDRESS", TemporalDevServer.shared().address(),
                "STEWARD_RECONCILE_DEPLOYMENT", "it-" + run,
                "STEWARD_RECONCILE_RESYNC_INTERVAL", "2s");
        try (DockerClient docker = DockerClientFactory.create(HostApi.firstEngine());
                OwnDatabase database = OwnDatabase.create("workers");
                ServiceProcess api = ServiceProcess.start(with(shared, database, "STEWARD_WORKER_ENABLED", "false"));
                ServiceProcess killed = ServiceProcess.start(with(shared, database, "STEWARD_API_ENABLED", "false"))) {
            Engine engine = new Engine(docker);
            api.awaitReady();
            killed.awaitReady();
            assertEquals(404, HealthApi.status(killed.baseUrl() + "/api/v1/sessions"), "a worker serves no API");
            // Every session starts while the first worker is the only one, so each is sticky to it.
            List<UUID> ids = withApi(api, sessions -> {
                List<UUID> created = new ArrayList<>();
                for (int i = 0; i < SESSIONS; i++) {
                    created.add(sessions.create(Map.of("owner", "workers-" + run,
                            "parts", List.of(Specs.part("web", "a")))).id());
                }
                created.forEach(id -> sessions.awaitConverged(id, SessionStatus.RUNNING));
                return created;
            });

            try (ServiceProcess survivor = ServiceProcess.start(with(shared, database, "STEWARD_API_ENABLED", "false"))) {
                survivor.awaitReady();
                long killedAt = System.nanoTime();
                killed.kill();

                withApi(api, sessions -> {
                    // At once, as their users would: each session's wait is its own.
                    List<Long> takenAfter;
                    try (ExecutorService users = Executors.newVirtualThreadPerTaskExecutor()) {
                        takenAfter = ids.stream().map(id -> users.submit(() -> {
                            Eventually.await("session " + id + " takes its DELETE", SessionApi.DEADLINE,
                                    () -> deleteAnswer(sessions, id),
                                    status -> status == HttpStatus.ACCEPTED.getCode());
                            return Duration.ofNanos(System.nanoTime() - killedAt).toMillis();
                        })).toList().stream().map(WorkerProcessIT::join).toList();
                    }
                    System.out.println("WorkerProcessIT: the killed worker's sessions took their DELETE " + takenAfter
                            + " ms after the kill");
                    for (UUID id : ids) {
                        sessions.awaitStatus(id, SessionStatus.DELETED);
                        assertTrue(engine.containersOf(id).isEmpty(), "nothing left of " + id);
                    }
                    UUID later = sessions.create(Map.of("owner", "workers-" + run,
                            "parts", List.of(Specs.part("web", "a")))).id();
                    sessions.awaitConverged(later, SessionStatus.RUNNING);
                    assertEquals(HttpStatus.ACCEPTED, sessions.delete(later));
                    sessions.awaitStatus(later, SessionStatus.DELETED);
                    return null;
                });
            } finally {
                engine.removeAllOf("it-" + run);
            }
        }
    }

    private static <T> T join(Future<T> future) {
        try {
            return future.get();
        } catch (ExecutionException failed) {
            throw new AssertionError(failed.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String> with(Map<String, String> shared, OwnDatabase database, String key, String value) {
        Map<String, String> environment = new HashMap<>(shared);
        environment.put("DATASOURCES_DEFAULT_URL", database.url());
        environment.put(key, value);
        return environment;
    }

    /** The DELETE's status: 503 while the session's workflow waits for a worker to take it. */
    private static int deleteAnswer(SessionApi sessions, UUID id) {
        try {
            return sessions.delete(id).getCode();
        } catch (HttpClientResponseException refused) {
            return refused.getStatus().getCode();
        }
    }

    private static <T> T withApi(ServiceProcess service, Function<SessionApi, T> calls) throws IOException {
        try (HttpClient client = HttpClient.create(URI.create(service.baseUrl()).toURL())) {
            return calls.apply(new SessionApi(client.toBlocking()));
        }
    }
}
