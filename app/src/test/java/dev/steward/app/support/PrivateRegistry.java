package dev.steward.app.support;

import dev.steward.workflow.support.Eventually;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A private registry of a test's own: Debian's distribution registry ({@code docker-registry}) on
 * 127.0.0.1 and a free port, with htpasswd authentication and TLS under a certificate made for it.
 * Podman pulls over TLS only, so the certificate's CA is put where Podman looks for a registry's
 * ({@code /etc/containers/certs.d/127.0.0.1:PORT}) while the registry lives, and removed with it.
 */
public final class PrivateRegistry implements AutoCloseable {

    private static final Duration TOOL_DEADLINE = Duration.ofMinutes(2);
    static final Path CERTS_D = Path.of("/etc/containers/certs.d");

    private final Path dir;
    private final int port;
    private final Path certDir;
    private Process process;

    private PrivateRegistry(Path dir, int port) {
        this.dir = dir;
        this.port = port;
        this.certDir = CERTS_D.resolve(address());
    }

    /** Starts a registry that lets {@code username} in with {@code password}. */
    public static PrivateRegistry start(String username, String password) throws IOException {
        PrivateRegistry registry = new PrivateRegistry(Files.createTempDirectory("steward-registry"), Ports.free());
        registry.configure(username, password);
        registry.start();
        return registry;
    }

    /** {@code 127.0.0.1:PORT}, as image references and credentials name it. */
    public String address() {
        return "127.0.0.1:" + port;
    }

    /** Pushes a local image of the engine into the registry as {@code repository}, and returns its reference there. */
    public String push(String localImage, String repository, String username, String password) {
        String reference = address() + "/" + repository;
        Map<String, String> podman = HostApi.firstEnginePodman();
        tool(podman, "podman", "tag", localImage, reference);
        try {
            tool(podman, "podman", "push", "--quiet", "--creds", username + ":" + password, reference);
        } finally {
            tool(podman, "podman", "rmi", reference);
        }
        return reference;
    }

    /**
     * Pushes an image of {@code base} with a layer of {@code bytes} random bytes on top as {@code repository},
     * and returns its reference there. The layer is in no local image afterwards: a pull downloads it.
     */
    public String pushWithLayerOf(long bytes, String base, String repository, String username, String password) {
        Map<String, String> podman = HostApi.firstEnginePodman();
        String name = "steward-layer-" + port + "-" + System.nanoTime();
        String local = "localhost/" + name + ":1";
        tool(podman, "podman", "run", "--network", "none", "--name", name, base, "sh", "-c", "head -c " + bytes + " /dev/urandom > /layer");
        try {
            tool(podman, "podman", "commit", "--quiet", name, local);
            try {
                return push(local, repository, username, password);
            } finally {
                tool(podman, "podman", "rmi", local);
            }
        } finally {
            tool(podman, "podman", "rm", name);
        }
    }

    /** A proxy in front of the registry whose answers pass at {@code bytesPerSecond}; close it before the registry. */
    public ThrottlingProxy throttled(long bytesPerSecond) throws IOException {
        return ThrottlingProxy.start(port, bytesPerSecond, dir.resolve("cert.pem"));
    }

    /** Starts the registry (again), on its port and storage; returns once it accepts connections. */
    public void start() {
        try {
            process = new ProcessBuilder("docker-registry", "serve", dir.resolve("config.yml").toString())
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("registry.log").toFile())
                    .start();
        } catch (IOException missing) {
            throw new UncheckedIOException("docker-registry is missing: ./steward test installs it", missing);
        }
        Eventually.await("the registry accepting connections on " + address(), SessionApi.DEADLINE,
                this::accepts, accepting -> accepting);
    }

    /** Stops the registry; its images stay in its storage for the next {@link #start()}. */
    public void stop() {
        process.destroy();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws IOException {
        if (process.isAlive()) {
            stop();
        }
        deleteTree(certDir);
        deleteTree(dir);
    }

    private void configure(String username, String password) throws IOException {
        tool(Map.of(), "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                "-keyout", dir.resolve("key.pem").toString(), "-out", dir.resolve("cert.pem").toString(),
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1");
        Files.writeString(dir.resolve("htpasswd"), tool(Map.of(), "htpasswd", "-Bbn", username, password));
        Files.writeString(dir.resolve("config.yml"), """
                version: 0.1
                storage:
                  filesystem:
                    rootdirectory: %1$s/data
                http:
                  addr: %2$s
                  tls:
                    certificate: %1$s/cert.pem
                    key: %1$s/key.pem
                auth:
                  htpasswd:
                    realm: steward-test
                    path: %1$s/htpasswd
                """.formatted(dir, address()));
        Files.createDirectories(certDir);
        Files.copy(dir.resolve("cert.pem"), certDir.resolve("ca.crt"));
    }

    private boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    private String tool(Map<String, String> environment, String... command) {
        return ExternalCommand.run(dir, environment, "", TOOL_DEADLINE, List.of(command));
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
