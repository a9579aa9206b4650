package dev.steward.temporal;

import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.temporal.internal.testservice.GRPCServerHelper;
import io.temporal.internal.testservice.TestServicesStarter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.util.LinkedList;
import java.util.concurrent.TimeUnit;

/**
 * Temporal's Java test server on a TCP port, with real time (no time skipping), as the launcher's and
 * the tests' Temporal: {@code java -jar steward-temporal-server.jar PORT}.
 *
 * <p>It differs from {@code io.temporal.testserver.TestServer} in one way: its timer keeps no lock
 * diagnostics. The test server appends an entry to a list for every time-skipping lock and unlock that
 * its requests make and removes only some of them, so the list grows with every workflow task and
 * activity it ever ran, and each handle's unlock scans it from the start. Over a few thousand sessions
 * that scan became most of the server's CPU; without the list, each lock and unlock is constant time.
 */
public final class LocalTemporalServer implements Closeable {

    private final TestServicesStarter services;
    private final Server server;

    private LocalTemporalServer(TestServicesStarter services, Server server) {
        this.services = services;
        this.server = server;
    }

    /** Starts a server on {@code port}, on every interface, as the stock test server does. */
    public static LocalTemporalServer start(int port) {
        TestServicesStarter services = new TestServicesStarter(true, 0);
        dropTimerLockDiagnostics(services);
        ServerBuilder<?> builder = Grpc.newServerBuilderForPort(port, InsecureServerCredentials.create());
        GRPCServerHelper.registerServicesAndHealthChecks(services.getServices(), builder);
        try {
            return new LocalTemporalServer(services, builder.build().start());
        } catch (IOException e) {
            services.close();
            throw new UncheckedIOException("Temporal could not listen on port " + port, e);
        }
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: java -jar steward-temporal-server.jar PORT");
            System.exit(2);
        }
        LocalTemporalServer server = start(Integer.parseInt(args[0]));
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "temporal-shutdown"));
    }

    @Override
    public void close() {
        server.shutdown();
        try {
            server.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        services.close();
        server.shutdownNow();
    }

    /** Swaps the timer's list of lock events for one that holds none (its only reader is a diagnostic dump). */
    private static void dropTimerLockDiagnostics(TestServicesStarter services) {
        try {
            Object timer = field(TestServicesStarter.class, "selfAdvancingTimer").get(services);
            field(timer.getClass(), "lockEvents").set(timer, new NoLockEvents());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this temporal-test-server has no timer lock list to drop; "
                    + "check LocalTemporalServer against its version", e);
        }
    }

    private static Field field(Class<?> owner, String name) throws NoSuchFieldException {
        Field field = owner.getDeclaredField(name);
        field.setAccessible(true);
        return field;
    }

    /** Keeps nothing; a removal reports success, as the event would have been there. */
    private static final class NoLockEvents extends LinkedList<Object> {
        @Override
        public boolean add(Object event) {
            return true;
        }

        @Override
        public boolean remove(Object event) {
            return true;
        }
    }
}
