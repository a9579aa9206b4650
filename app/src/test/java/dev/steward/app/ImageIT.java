package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.ExternalCommand;
import dev.steward.app.support.HealthApi;
import dev.steward.app.support.HostApi;
import dev.steward.app.support.OwnDatabase;
import dev.steward.app.support.PodmanApiService;
import dev.steward.app.support.Ports;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.TemporalDevServer;
import dev.steward.app.support.TestSecretsKey;
import dev.steward.workflow.support.Eventually;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The Dockerfile builds with Podman, and the image it makes runs the service, as its non-root user on
 * a read-only root filesystem within a memory limit, against this machine's PostgreSQL, a Temporal
 * server and a container engine, and answers {@code /health/readiness}.
 *
 * <p>No registry can be reached here, so the base images the Dockerfile pins are stood in for by
 * images made from Debian packages and this JVM's JDK ({@code src/test/image/base-images.sh}, made once and
 * reused by later runs), and Maven builds offline from this machine's repository, mounted read-only. It needs
 * root, {@code debootstrap}, {@code podman} and Java 25; it takes about two minutes on a fresh machine, under one
 * once the base images exist.
 */
class ImageIT {

    /** The Java the image runs, and so the JDK the stand-in base images need. */
    private static final int IMAGE_JAVA = 25;
    private static final Duration BUILD_DEADLINE = Duration.ofMinutes(15);

    private final String run = UUID.randomUUID().toString().substring(0, 8);

    @Test
    void theImageBuildsAndAnswersReadiness() throws IOException {
        assertEquals("root", System.getProperty("user.name"), "the stand-in base images need root (debootstrap)");
        assertTrue(Runtime.version().feature() >= IMAGE_JAVA,
                "the stand-in base images take this JVM's JDK, which must be Java " + IMAGE_JAVA + " or newer");
        // Podman on the launcher's engine, where the stand-in base images stay.
        Map<String, String> podman = HostApi.firstEnginePodman();
        String version = Runtime.version().toString().replaceAll("[^0-9.].*", "");
        String runtimeBase = "localhost/steward-runtime-base:" + version;
        String buildBase = "localhost/steward-build-base:" + version + "-maven";
        command(podman, "bash", "src/test/image/base-images.sh", System.getProperty("java.home"), runtimeBase, buildBase);

        String image = "localhost/steward:it-" + run;
        Path m2 = Path.of(System.getProperty("user.home"), ".m2", "repository");
        // No layer per instruction: each one copies the whole root filesystem on the vfs storage driver.
        command(podman, "podman", "build", "-q", "--layers=false", "-t", image,
                "--build-arg", "BUILD_IMAGE=" + buildBase,
                "--build-arg", "RUNTIME_IMAGE=" + runtimeBase,
                "--build-arg", "MAVEN_ARGS=-o -Dmaven.repo.local.tail=/m2-tail",
                "-v", m2 + ":/m2-tail:ro", "..");

        String container = "steward-image-it-" + run;
        int servicePort = Ports.free();
        PodmanApiService engine = PodmanApiService.ownBesideOnTcp(HostApi.firstEngine(),
                Files.createTempDirectory("steward-image-engine"), Ports.free());
        engine.start();
        try (OwnDatabase database = OwnDatabase.create("image")) {
            command(podman, "podman", "run", "-d", "--name", container, "--network", "host",
                    "--read-only", "--tmpfs", "/tmp", "--memory", "1g",
                    "-e", "MICRONAUT_SERVER_PORT=" + servicePort,
                    "-e", "DATASOURCES_DEFAULT_URL=" + database.url(),
                    "-e", "DATASOURCES_DEFAULT_USERNAME=" + System.getenv().getOrDefault("DATASOURCES_DEFAULT_USERNAME", "postgres"),
                    "-e", "DATASOURCES_DEFAULT_PASSWORD",
                    "-e", "TEMPORAL_ADDRESS=" + TemporalDevServer.shared().address(),
                    "-e", "DOCKER_HOST=" + engine.endpoint(),
                    "-e", "STEWARD_RECONCILE_DEPLOYMENT=it-" + run,
                    "-e", "STEWARD_SECRETS_KEY=" + TestSecretsKey.KEY,
                    image);
            awaitReadiness(podman, container, servicePort);
            assertEquals("10001", command(podman, "podman", "exec", container, "id", "-u").strip(), "runs as its user");
            String logs = command(podman, "podman", "logs", container);
            assertTrue(logs.lines().noneMatch(line -> line.startsWith("WARNING:")), "no JDK warnings:\n" + logs);
            assertTrue(logs.lines().allMatch(line -> line.startsWith("{")), "JSON log lines only:\n" + logs);
        } finally {
            command(podman, "podman", "rm", "-f", "--ignore", container);
            command(podman, "podman", "rmi", "-f", "--ignore", image);
            if (engine.answers()) {
                engine.stop();
            }
        }
    }

    private static void awaitReadiness(Map<String, String> podman, String container, int port) {
        int code = Eventually.await("the image's service ready on port " + port, SessionApi.DEADLINE,
                () -> HealthApi.readinessStatus("http://127.0.0.1:" + port),
                status -> status == 200 || !running(podman, container));
        assertEquals(200, code, () -> "the container ended; its log:\n" + command(podman, "podman", "logs", container));
    }

    private static boolean running(Map<String, String> podman, String container) {
        return command(podman, "podman", "inspect", "-f", "{{.State.Running}}", container).strip().equals("true");
    }

    private static String command(Map<String, String> environment, String... command) {
        return ExternalCommand.run(Path.of("."), environment, "", BUILD_DEADLINE, List.of(command));
    }
}
