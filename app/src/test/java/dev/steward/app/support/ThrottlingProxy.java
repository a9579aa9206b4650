package dev.steward.app.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP proxy on 127.0.0.1 and a port of its own in front of a registry of {@link PrivateRegistry},
 * passing what the registry answers at a set rate: a pull through it takes as long as its bytes need
 * at that rate. TLS passes through it untouched; the registry's CA is put where Podman looks for the
 * proxy's address while the proxy lives.
 */
public final class ThrottlingProxy implements AutoCloseable {

    private static final int CHUNK = 8192;

    private final ServerSocket server;
    private final int target;
    private final long bytesPerSecond;
    private final Path certDir;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    private ThrottlingProxy(int target, long bytesPerSecond, Path caCert) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.target = target;
        this.bytesPerSecond = bytesPerSecond;
        this.certDir = PrivateRegistry.CERTS_D.resolve(address());
        Files.createDirectories(certDir);
        Files.copy(caCert, certDir.resolve("ca.crt"));
        Thread.ofVirtual().start(this::accept);
    }

    /** A proxy to the registry on {@code 127.0.0.1:target}, whose answers pass at {@code bytesPerSecond}. */
    static ThrottlingProxy start(int target, long bytesPerSecond, Path caCert) throws IOException {
        return new ThrottlingProxy(target, bytesPerSecond, caCert);
    }

    /** {@code 127.0.0.1:PORT}, as image references and credentials name it. */
    public String address() {
        return "127.0.0.1:" + server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                sockets.add(client);
                sockets.add(upstream);
                Thread.ofVirtual().start(() -> pump(client, upstream, Long.MAX_VALUE));
                Thread.ofVirtual().start(() -> pump(upstream, client, bytesPerSecond));
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Copies {@code from} to {@code to}, no faster than {@code rate} bytes a second, then closes both. */
    private static void pump(Socket from, Socket to, long rate) {
        byte[] buffer = new byte[CHUNK];
        long started = System.nanoTime();
        long passed = 0;
        try (from; to; InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int read;
            while ((read = in.read(buffer)) > 0) {
                out.write(buffer, 0, read);
                out.flush();
                passed += read;
                // Pacing, not waiting for a condition: the bytes so far are due no earlier than this.
                long due = started + (long) (passed * 1e9 / rate);
                while (rate != Long.MAX_VALUE && System.nanoTime() < due) {
                    LockSupport.parkNanos(due - System.nanoTime());
                }
            }
        } catch (IOException ended) {
            // Either side closed: the connection is over.
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
        Files.deleteIfExists(certDir.resolve("ca.crt"));
        Files.deleteIfExists(certDir);
    }
}
