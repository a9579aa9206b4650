package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Temporal's Java test server as its own process, from the jar {@code ./steward up} runs
 * ({@code temporal-server/target/steward-temporal-server.jar}): a Temporal that outlives the services a
 * test kills, and that the test can itself stop and start again on the same port (empty).
 */
final class TemporalServerProcess implements AutoCloseable {

    private static final Duration START_DEADLINE = Duration.ofSeconds(60);

    private final int port;
    private final Path log;
    private Process process;

    private TemporalServerProcess(int port, Path log) {
        this.port = port;
        this.log = log;
    }

    static TemporalServerProcess start() throws IOException {
        TemporalServerProcess server = new TemporalServerProcess(Ports.free(),
                Files.createTempFile("steward-temporal", ".log"));
        server.startAgain();
        return server;
    }

    String address() {
        return "127.0.0.1:" + port;
    }

    /** Starts a new, empty server on the same port and waits until it accepts connections. */
    void startAgain() throws IOException {
        Path jar = Path.of("..", "temporal-server", "target", "steward-temporal-server.jar").toAbsolutePath().normalize();
        assertTrue(Files.exists(jar), jar + " is missing: the reactor packages it before the integration tests run");
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(ServiceProcess.quietJvmFlags());
        command.addAll(List.of("-Xmx256m", "-jar", jar.toString(), Integer.toString(port)));
        process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(Redirect.appendTo(log.toFile()))
                .start();
        Poll.until("Temporal's test server accepts connections on " + address() + " (log: " + log + ")",
                START_DEADLINE, () -> !process.isAlive() || accepts(), done -> done);
        assertTrue(process.isAlive(), () -> "Temporal's test server exited: " + read(log));
    }

    /** Kills the server (SIGKILL): every workflow and task queue it held is gone. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            kill();
        }
    }

    private boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException refused) {
            return false;
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
