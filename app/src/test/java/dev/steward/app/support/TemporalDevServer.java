package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.temporal.NamespaceRegistration;
import dev.steward.workflow.session.SessionSearchAttributes;
import dev.steward.workflow.support.Eventually;
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
 * The real Temporal server, as the Temporal CLI's development server runs it ({@code temporal server
 * start-dev}), in a process of its own on free loopback ports, with the Temporal UI. The CLI is the one
 * {@code ./steward test} installs ({@code STEWARD_TEST_TEMPORAL_CLI}), else {@code temporal} on PATH.
 * A server of a test's own ({@link #create}) keeps its history in a SQLite file, so the test can kill it
 * and start it again with its workflows intact, or {@link #startEmpty empty}, as a Temporal that lost its data.
 */
public final class TemporalDevServer implements AutoCloseable {

    private static final Duration START_DEADLINE = Duration.ofSeconds(60);
    private static TemporalDevServer shared;

    private final int port = Ports.free();
    private final int uiPort = Ports.free();
    private final Path directory;
    private final boolean persistent;
    private final Path log;
    private Path database;
    private Process process;

    private TemporalDevServer(boolean persistent) throws IOException {
        this.directory = Files.createTempDirectory("steward-temporal");
        this.persistent = persistent;
        this.log = directory.resolve("server.log");
        this.database = directory.resolve("temporal.db");
    }

    /**
     * The server every application context of this JVM shares, history in memory, each context in a
     * namespace of its own (its deployment's); started on first use and killed when the JVM exits.
     */
    public static synchronized TemporalDevServer shared() {
        if (shared == null) {
            try {
                shared = new TemporalDevServer(false);
                shared.start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "temporal-dev-server-stop"));
        }
        return shared;
    }

    /**
     * A server of the caller's own, not started yet (its address is known), whose history is in a file: it
     * survives {@link #kill} and a new {@link #start}.
     */
    public static TemporalDevServer create() throws IOException {
        return new TemporalDevServer(true);
    }

    public String address() {
        return "127.0.0.1:" + port;
    }

    public String uiUrl() {
        return "http://127.0.0.1:" + uiPort;
    }

    /** Starts the server (again) on the same ports and history, and waits until it accepts connections. */
    public void start() throws IOException {
        List<String> command = new ArrayList<>(List.of(cli(), "server", "start-dev", "--ip", "127.0.0.1",
                "--port", Integer.toString(port), "--ui-port", Integer.toString(uiPort), "--log-level", "warn"));
        if (persistent) {
            command.addAll(List.of("--db-filename", database.toString()));
        }
        // Tests that list workflows on every try of a property would meet the server's 10 visibility calls a second.
        command.addAll(List.of("--dynamic-config-value", "frontend.namespaceRPS.visibility=1000"));
        command.addAll(List.of("--dynamic-config-value", "system.enableEagerWorkflowStart=true"));
        SessionSearchAttributes.ALL.forEach(key -> command.addAll(List.of("--search-attribute",
                key.getName() + "=" + NamespaceRegistration.cliType(key.getValueType()))));
        process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(Redirect.appendTo(log.toFile()))
                .start();
        Eventually.await("Temporal accepts connections on " + address() + " (log: " + log + ")", START_DEADLINE,
                () -> !process.isAlive() || accepts(), done -> done);
        assertTrue(process.isAlive(), () -> "Temporal exited: " + read(log));
    }

    /** Starts the server again on the same ports with a history of nothing: a Temporal that lost its data. */
    public void startEmpty() throws IOException {
        database = Files.createTempFile(directory, "temporal", ".db");
        Files.delete(database);
        start();
    }

    /** Kills the server (SIGKILL), as a crash does. */
    public void kill() {
        process.destroyForcibly();
        try {
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "Temporal did not end within 30 s of SIGKILL");
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
        try (var files = Files.walk(directory)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory: the machine clears it
        }
    }

    /** The CLI {@code ./steward test} installed, else the one on PATH. */
    static String cli() {
        String installed = System.getenv("STEWARD_TEST_TEMPORAL_CLI");
        return installed == null || installed.isBlank() ? "temporal" : installed;
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
