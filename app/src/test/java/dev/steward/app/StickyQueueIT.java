package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.model.SessionStatus;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.HttpClient;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A service killed with SIGKILL leaves its workflows on Temporal's test server (a process of its own);
 * a new service process takes them over at once. The test server never moves a workflow task off the
 * sticky queue of a worker that died, so this holds only with sticky execution off
 * ({@code temporal.sticky-schedule-to-start-timeout: 0s}): then an update to a workflow of the killed
 * worker (here the DELETE) is answered by the new one, not left waiting forever.
 */
class StickyQueueIT {

    @Test
    void aNewWorkerProcessTakesTheWorkflowsOfAKilledOne() throws IOException {
        String run = UUID.randomUUID().toString().substring(0, 8);
        try (OwnDatabase database = OwnDatabase.create("sticky");
                TemporalServerProcess temporal = TemporalServerProcess.start()) {
            Map<String, String> environment = Map.of(
                    "DATASOURCES_DEFAULT_URL", database.url(),
                    "TEMPORAL_ADDRESS", temporal.address(),
                    "TEMPORAL_STICKY_SCHEDULE_TO_START_TIMEOUT", "0s",
                    "TEMPORAL_TASK_QUEUE", "it-" + run,
                    "STEWARD_RECONCILE_DEPLOYMENT", "it-" + run);
            UUID id;
            try (ServiceProcess first = ServiceProcess.start(environment)) {
                first.awaitReady();
                id = withApi(first, api -> {
                    UUID created = api.create(Map.of("owner", "sticky-" + run,
                            "parts", List.of(Specs.part("web", "a")))).id();
                    api.awaitStatus(created, SessionStatus.RUNNING);
                    return created;
                });
                first.kill();
            }
            try (ServiceProcess second = ServiceProcess.start(environment)) {
                second.awaitReady();
                withApi(second, api -> {
                    assertEquals(HttpStatus.ACCEPTED, api.delete(id), "the killed worker's workflow takes the update");
                    return api.awaitStatus(id, SessionStatus.DELETED);
                });
            }
        }
    }

    static <T> T withApi(ServiceProcess service, Function<SessionApi, T> calls) throws IOException {
        try (HttpClient client = HttpClient.create(URI.create(service.baseUrl()).toURL())) {
            return calls.apply(new SessionApi(client.toBlocking()));
        }
    }
}
