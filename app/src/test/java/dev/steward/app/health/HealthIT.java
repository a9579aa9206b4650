package dev.steward.app.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.HealthApi;
import dev.steward.app.support.HealthApi.Health;
import dev.steward.app.support.HostApi;
import dev.steward.app.support.OwnDatabase;
import dev.steward.app.support.PodmanApiService;
import dev.steward.app.support.ReadyBeforeTests;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.TemporalDevServer;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.http.client.HttpClient;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Readiness tells the truth about what the service needs, and liveness only whether it runs. The
 * service has a database of its own, whose one host is an engine this test runs and stops itself, and
 * a Temporal server this test starts (after the service: its namespace and search attributes are
 * registered when it answers) and stops; nothing shared is taken away.
 */
class HealthIT {

    private static final List<String> READINESS_CHECKS = List.of("database", "temporal", "hosts");

    @Test
    void readinessFollowsTheEngineAndTemporalWhileLivenessStaysUp() throws IOException {
        Path engineDir = Files.createTempDirectory("steward-health-engine");
        PodmanApiService engine = PodmanApiService.ownBeside(HostApi.firstEngine(), engineDir);
        engine.start();
        try (TemporalDevServer temporal = TemporalDevServer.create();
                OwnDatabase database = OwnDatabase.create("health");
                EmbeddedServer service = ApplicationContext.run(EmbeddedServer.class, Map.of(
                        "datasources.default.url", database.url(),
                        "temporal.target", temporal.address(),
                        "steward.engine.host", engine.endpoint(),
                        ReadyBeforeTests.ENABLED, false), Environment.TEST);
                HttpClient client = service.getApplicationContext().createBean(HttpClient.class, service.getURL())) {
            HealthApi health = new HealthApi(client.toBlocking());

            // Started before Temporal: not ready, alive, and the search attributes are registered once it answers.
            Health noTemporal = awaitReadiness(health, "DOWN");
            assertEquals("DOWN", noTemporal.status("temporal"), noTemporal.toString());
            assertLive(health);
            temporal.start();
            Health ready = awaitReadiness(health, "UP");
            assertTrue(ready.reason("temporal").contains("search attributes registered"), ready.toString());
            READINESS_CHECKS.forEach(check -> {
                assertEquals("UP", ready.status(check), check + " in " + ready);
                assertNotNull(ready.reason(check), check + " names its reason in " + ready);
            });
            Health all = health.all();
            READINESS_CHECKS.forEach(check -> assertNotNull(all.reason(check), check + " in /health: " + all));
            assertFalse(all.text().contains("jdbc:"), "/health shows no database URL: " + all);
            assertFalse(all.text().contains("\"version\""), "/health shows no server version: " + all);

            engine.stop();
            Health engineGone = awaitReadiness(health, "DOWN");
            assertEquals("DOWN", engineGone.status("hosts"), engineGone.toString());
            assertTrue(engineGone.reason("hosts").contains("UNREACHABLE"), engineGone.toString());
            assertEquals(503, engineGone.code());
            assertLive(health);
            engine.start();
            awaitReadiness(health, "UP");

            temporal.kill();
            Health temporalGone = awaitReadiness(health, "DOWN");
            assertEquals("DOWN", temporalGone.status("temporal"), temporalGone.toString());
            assertLive(health);
            temporal.start();
            awaitReadiness(health, "UP");
            assertLive(health);
        } finally {
            if (engine.answers()) {
                engine.stop();
            }
        }
    }

    private static Health awaitReadiness(HealthApi health, String status) {
        return Eventually.await("readiness " + status, SessionApi.DEADLINE,
                health::readiness, seen -> seen.status().equals(status));
    }

    private static void assertLive(HealthApi health) {
        Health live = health.liveness();
        assertEquals(200, live.code(), live.toString());
        assertEquals("UP", live.status(), live.toString());
        READINESS_CHECKS.forEach(check -> assertEquals(null, live.status(check), "liveness leaves out " + check));
    }
}
