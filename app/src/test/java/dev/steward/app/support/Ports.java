package dev.steward.app.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Free local ports for what a test starts itself (a Temporal server, an engine, a service). */
public final class Ports {

    private Ports() {}

    public static int free() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}
