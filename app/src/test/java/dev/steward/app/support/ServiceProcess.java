package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.workflow.support.Eventually;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged service ({@code target/steward-app.jar}) run as its own process, the way the image and
 * the launcher run it, with its stdout and stderr kept in files for the test to read.
 */
public final class ServiceProcess implements AutoCloseable {

    private static final Duration STOP_DEADLINE = Duration.ofSeconds(60);

    private final Process process;
    private final Path stdout;
    private final Path stderr;
    private final int port;

    private ServiceProcess(Process process, Path stdout, Path stderr, int port) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
        this.port = port;
    }

    /** Starts the jar with {@link #quietJvmFlags()} and {@code environment} on top of this process's. */
    public static ServiceProcess start(Map<String, String> environment) throws IOException {
        Path jar = Path.of("target", "steward-app.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), jar + " is missing: the service is packaged before the integration tests run");
        Path logs = Files.createTempDirectory("steward-process");
        int port = Ports.free();
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(quietJvmFlags());
        command.addAll(List.of("-jar", jar.toString()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(Redirect.to(logs.resolve("stdout").toFile()))
                .redirectError(Redirect.to(logs.resolve("stderr").toFile()));
        builder.environment().putAll(environment);
        builder.environment().put("MICRONAUT_SERVER_PORT", Integer.toString(port));
        builder.environment().put("STEWARD_ADMIN_TOKEN_SHA256", TestTokens.ADMIN_SHA256);
        builder.environment().put("STEWARD_SECRETS_KEY", TestSecretsKey.KEY);
        return new ServiceProcess(builder.start(), logs.resolve("stdout"), logs.resolve("stderr"), port);
    }

    /**
     * The flags the image passes (see the Dockerfile and docs/operations.md): the JDK (24 and newer) otherwise warns
     * at every start that protobuf uses {@code sun.misc.Unsafe} and that gRPC's netty loads a native library.
     */
    static List<String> quietJvmFlags() {
        List<String> flags = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED"));
        if (Runtime.version().feature() >= 23) {
            flags.add("--sun-misc-unsafe-memory-access=allow");
        }
        return flags;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** Waits until {@code /health/readiness} answers 200, or fails with the end of the log. */
    public void awaitReady() {
        Eventually.await("the service is ready at " + baseUrl() + " (stdout: " + stdout + ")", SessionApi.DEADLINE,
                () -> process.isAlive() ? HealthApi.readinessStatus(baseUrl()) : -1,
                code -> code == 200 || code == -1);
        assertTrue(process.isAlive(), () -> "the service exited with " + process.exitValue() + "; stderr: " + read(stderr));
    }

    /** Sends SIGTERM, as Ctrl-C or Kubernetes does, and waits for the process to end; @return its exit code */
    public int stop() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the service did not stop within " + STOP_DEADLINE.toSeconds() + " s of SIGTERM");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return process.exitValue();
    }

    /** Kills the process (SIGKILL), as a crash or an out-of-memory kill does, and waits for it to end. */
    public void kill() {
        process.destroyForcibly();
        try {
            if (!process.waitFor(STOP_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError("the service did not end within " + STOP_DEADLINE.toSeconds() + " s of SIGKILL");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public List<String> stdoutLines() {
        return read(stdout).lines().toList();
    }

    public List<String> stderrLines() {
        return read(stderr).lines().toList();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
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
