package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TCP relay in front of PostgreSQL that a test can cut and restore: PostgreSQL goes out of reach
 * for the service under test (open connections drop, new ones are refused at once), while the
 * server the other tests use keeps running.
 */
public final class PostgresProxy implements AutoCloseable {

    private static final Pattern JDBC_URL = Pattern.compile("jdbc:postgresql://([^:/]+)(?::(\\d+))?(/.*)");

    private final String upstreamHost;
    private final int upstreamPort;
    /** The database and parameters of the URL, from its {@code /}. */
    private final String database;
    private final ServerSocket listener;
    /** Guarded by {@code this}. */
    private final Set<Socket> open = new HashSet<>();
    /** Guarded by {@code this}. */
    private boolean cut;

    private PostgresProxy(String upstreamHost, int upstreamPort, String database) throws IOException {
        this.upstreamHost = upstreamHost;
        this.upstreamPort = upstreamPort;
        this.database = database;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("postgres-proxy").start(this::accept);
    }

    /** A relay in front of the PostgreSQL the launcher gave the tests ({@code DATASOURCES_DEFAULT_URL}). */
    public static PostgresProxy inFrontOfTheTestDatabase() {
        String url = System.getenv("DATASOURCES_DEFAULT_URL");
        Matcher parts = url == null ? null : JDBC_URL.matcher(url);
        if (parts == null || !parts.matches()) {
            return fail("DATASOURCES_DEFAULT_URL is not a jdbc:postgresql://HOST:PORT/DATABASE URL: run the tests with"
                    + " ./steward test");
        }
        try {
            return new PostgresProxy(parts.group(1), parts.group(2) == null ? 5432 : Integer.parseInt(parts.group(2)),
                    parts.group(3));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JDBC URL that reaches the database through this relay. */
    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + listener.getLocalPort() + database;
    }

    /** PostgreSQL out of reach: every open connection drops, every new one is closed at once. */
    public synchronized void cut() {
        cut = true;
        open.forEach(PostgresProxy::closeQuietly);
        open.clear();
    }

    public synchronized void restore() {
        cut = false;
    }

    private void accept() {
        while (!listener.isClosed()) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException closed) {
                return;
            }
            relay(client);
        }
    }

    private synchronized void relay(Socket client) {
        if (cut) {
            closeQuietly(client);
            return;
        }
        try {
            Socket server = new Socket(upstreamHost, upstreamPort);
            open.add(client);
            open.add(server);
            pump(client, server);
            pump(server, client);
        } catch (IOException unreachable) {
            closeQuietly(client);
        }
    }

    private static void pump(Socket from, Socket to) {
        Thread.ofVirtual().start(() -> {
            try {
                from.getInputStream().transferTo(to.getOutputStream());
            } catch (IOException dropped) {
                // the other side or cut() closed the connection
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        });
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException alreadyGone) {
            // nothing left to close
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        cut();
    }
}
