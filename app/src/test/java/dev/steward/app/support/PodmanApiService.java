package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.github.dockerjava.api.DockerClient;
import dev.steward.activity.DockerClientFactory;
import dev.steward.workflow.support.Eventually;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A Podman API service stopped and started again the way the launcher starts one, so a test can take
 * a host's engine away and bring it back: the launcher's second engine ({@code STEWARD_TEST_SECOND_ENGINE}),
 * or one a test runs for itself on the first engine's storage. Stopping the API service leaves its
 * containers running (conmon owns them): the engine comes back with whatever ran on it.
 */
public final class PodmanApiService {

    private static final Duration START_DEADLINE = Duration.ofSeconds(60);
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);
    private static final Duration PING_TIMEOUT = Duration.ofSeconds(3);

    private final String endpoint;
    /** The unix socket the service listens on, or {@code null} for TCP. */
    private final Path socket;
    /** Where containers.conf and storage.conf are. */
    private final Path config;
    /** Where service.pid and service.log are. */
    private final Path dir;

    private PodmanApiService(String endpoint, Path socket, Path config, Path dir) {
        this.endpoint = endpoint;
        this.socket = socket;
        this.config = config;
        this.dir = dir;
    }

    /** The launcher's second engine, which keeps its socket, configuration, pid and log in one directory. */
    static PodmanApiService secondEngine() {
        Path socket = socketOf(HostApi.secondEngine());
        return new PodmanApiService(HostApi.secondEngine(), socket, socket.getParent(), socket.getParent());
    }

    /**
     * A service of the test's own in {@code dir}, on the storage and configuration of the engine at
     * {@code engineEndpoint} (the launcher's first engine): another API process on the same
     * containers, which the test may stop without taking anything from anyone.
     */
    public static PodmanApiService ownBeside(String engineEndpoint, Path dir) {
        Path socket = dir.resolve("podman.sock");
        return new PodmanApiService("unix://" + socket, socket, socketOf(engineEndpoint).getParent(), dir);
    }

    /** As {@link #ownBeside}, listening on 127.0.0.1:{@code port} (plain TCP, for a container on the host's network). */
    public static PodmanApiService ownBesideOnTcp(String engineEndpoint, Path dir, int port) {
        return new PodmanApiService("tcp://127.0.0.1:" + port, null, socketOf(engineEndpoint).getParent(), dir);
    }

    private static Path socketOf(String endpoint) {
        if (!endpoint.startsWith("unix://")) {
            fail("expected the launcher's Podman service on a unix socket, not " + endpoint);
        }
        return Path.of(endpoint.substring("unix://".length()));
    }

    public String endpoint() {
        return endpoint;
    }

    /** Whether the engine answers {@code /_ping}. */
    public boolean answers() {
        try (DockerClient client = DockerClientFactory.create(endpoint, null, PING_TIMEOUT, true)) {
            client.pingCmd().exec();
            return true;
        } catch (IOException | RuntimeException unreachable) {
            return false;
        }
    }

    /** Stops the API service named by the launcher's pid file and waits until the engine no longer answers. */
    public void stop() {
        long pid = Long.parseLong(read(dir.resolve("service.pid")).trim());
        ProcessHandle service = ProcessHandle.of(pid)
                .filter(this::servesThisSocket)
                .orElseThrow(() -> new IllegalStateException("process " + pid + " from " + dir.resolve("service.pid")
                        + " is not the Podman API service on " + endpoint));
        service.destroy();
        try {
            service.onExit().get(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException stillRunning) {
            service.destroyForcibly();
        }
        Eventually.await("the engine stops answering on " + endpoint, SessionApi.DEADLINE, this::answers, up -> !up);
    }

    /**
     * Starts the API service as the launcher does, unless it answers already, and waits until it
     * answers {@code /_ping}.
     */
    public void start() {
        if (answers()) {
            return;
        }
        Path log = dir.resolve("service.log");
        try {
            if (socket != null) {
                Files.deleteIfExists(socket);
            }
            ProcessBuilder builder = new ProcessBuilder(
                    List.of("setsid", "nohup", "podman", "system", "service", "--time=0", endpoint))
                    .directory(new File("/"))
                    .redirectInput(Redirect.from(new File("/dev/null")))
                    .redirectOutput(Redirect.appendTo(log.toFile()))
                    .redirectErrorStream(true);
            builder.environment().put("CONTAINERS_CONF", config.resolve("containers.conf").toString());
            builder.environment().put("CONTAINERS_STORAGE_CONF", config.resolve("storage.conf").toString());
            Process service = builder.start();
            // setsid runs the service in this process (it is no group leader), so this is the service's pid.
            Files.writeString(dir.resolve("service.pid"), service.pid() + "\n");
            Eventually.await("the engine answers on " + endpoint + " (log: " + log + ")", START_DEADLINE,
                    () -> answers() || !service.isAlive(), done -> done);
            assertTrue(service.isAlive() && answers(), () -> "the engine did not start; " + log + " ends with:\n"
                    + tail(log));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Whether the container still runs, seen from its conmon process rather than through the
     * engine's API, which may be stopped.
     */
    public static boolean conmonRuns(String containerId) {
        return ProcessHandle.allProcesses()
                .map(process -> process.info().commandLine().orElse(""))
                .anyMatch(command -> command.contains("conmon") && command.contains(containerId));
    }

    private boolean servesThisSocket(ProcessHandle process) {
        Path cmdline = Path.of("/proc", Long.toString(process.pid()), "cmdline");
        if (!Files.exists(cmdline)) {
            return false;
        }
        String command = read(cmdline).replace('\0', ' ');
        return command.contains("system service") && command.contains(endpoint);
    }

    private static String tail(Path log) {
        List<String> lines = read(log).lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
