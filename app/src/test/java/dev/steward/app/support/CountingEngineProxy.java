package dev.steward.app.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP endpoint on 127.0.0.1 in front of an engine's unix socket, registered as a host of its own, that
 * counts the bytes the engine sends on each connection once the service has taken them from the proxy: how
 * much the service has read from the engine. Its sockets keep small buffers, so that little waits in them.
 */
public final class CountingEngineProxy implements AutoCloseable {

    private static final int CHUNK = 8192;
    private static final int SOCKET_BUFFER = 16 * 1024;

    private final ServerSocket server;
    private final Path socket;
    private final List<AtomicLong> fromEngine = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> open = new CopyOnWriteArrayList<>();

    private CountingEngineProxy(String unixEndpoint) throws IOException {
        this.socket = Path.of(unixEndpoint.substring("unix://".length()));
        this.server = new ServerSocket();
        server.setReceiveBufferSize(SOCKET_BUFFER);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread.ofVirtual().start(this::accept);
    }

    /** A proxy to the engine at {@code unix:///path}. */
    public static CountingEngineProxy to(String unixEndpoint) throws IOException {
        return new CountingEngineProxy(unixEndpoint);
    }

    /** {@code tcp://127.0.0.1:PORT}, as a host's endpoint names it. */
    public String endpoint() {
        return "tcp://127.0.0.1:" + server.getLocalPort();
    }

    /** The most the engine sent on one connection so far. */
    public long mostOnOneConnection() {
        return fromEngine.stream().mapToLong(AtomicLong::get).max().orElse(0);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                client.setSendBufferSize(SOCKET_BUFFER);
                SocketChannel engine = SocketChannel.open(UnixDomainSocketAddress.of(socket));
                open.add(client);
                open.add(engine);
                AtomicLong counted = new AtomicLong();
                fromEngine.add(counted);
                InputStream fromClient = client.getInputStream();
                OutputStream toClient = client.getOutputStream();
                Thread.ofVirtual().start(() -> toEngine(fromClient, engine));
                Thread.ofVirtual().start(() -> fromEngine(engine, toClient, counted));
            } catch (IOException closed) {
                return;
            }
        }
    }

    // The engine's channel is read and written with buffers, not with Channels' streams: those take the
    // channel's one lock for a blocking read, and a request could not go out while an answer is awaited.

    private static void toEngine(InputStream client, SocketChannel engine) {
        byte[] chunk = new byte[CHUNK];
        try (client; engine) {
            int read;
            while ((read = client.read(chunk)) >= 0) {
                ByteBuffer buffer = ByteBuffer.wrap(chunk, 0, read);
                while (buffer.hasRemaining()) {
                    engine.write(buffer);
                }
            }
        } catch (IOException closed) {
            // one side went away: so does the other, as both close
        }
    }

    private static void fromEngine(SocketChannel engine, OutputStream client, AtomicLong counted) {
        ByteBuffer buffer = ByteBuffer.allocate(CHUNK);
        try (engine; client) {
            int read;
            while ((read = engine.read(buffer)) >= 0) {
                client.write(buffer.array(), 0, read);
                client.flush();
                counted.addAndGet(read);
                buffer.clear();
            }
        } catch (IOException closed) {
            // one side went away: so does the other, as both close
        }
    }

    @Override
    public void close() throws Exception {
        server.close();
        for (AutoCloseable closeable : open) {
            closeable.close();
        }
    }
}
