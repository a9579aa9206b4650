package dev.steward.app.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Free local ports for what a test starts itself (a Temporal server, an engine, a service). */
public final class Ports {

    /**
     * Ports already handed out in this JVM. A port is free only until what it was picked for binds it,
     * and the kernel may offer the same one again before then: two picks in a row once gave a service
     * and its engine the same port.
     */
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private Ports() {}

    public static int free() {
        while (true) {
            int port = unbound();
            if (HANDED_OUT.add(port)) {
                return port;
            }
        }
    }

    private static int unbound() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}
