package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.CountingEngineProxy;
import dev.steward.app.support.HostApi;
import dev.steward.app.support.OwnHosts;
import dev.steward.app.support.Ports;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TestTokens;
import dev.steward.contract.HostActivities;
import dev.steward.model.HostCapacity;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.store.HostStore;
import dev.steward.workflow.support.Eventually;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A busybox pod's container, its address and ports, and its log: the session's view shows the pod's container id,
 * its address and its published port, and the log comes back whole, tailed, and followed (a line the container
 * writes after the request comes through the open answer). A follower that reads nothing while the container
 * writes 96 MiB makes the service read no more than a few MiB of it from the engine (through a proxy that
 * counts), and once it reads, the log flows again.
 */
// The test registers a host in the store: the service must see it at once, not at the end of a test transaction.
@MicronautTest(transactional = false)
class PodLogsIT extends SessionApiBase {

    /** Prints a first line, then a numbered tick every 200 ms. */
    private static final String TICKER = "echo first line; i=0; while true; do echo tick-$i; i=$((i+1)); sleep 0.2; done";
    private static final long FLOOD = 96L << 20;
    /** Writes {@link #FLOOD} bytes of log at once, then notes that it did. */
    private static final String FLOODER = "yes " + "x".repeat(99) + " | head -c " + FLOOD
            + "; echo; echo done > /tmp/written; exec sleep 3600";

    @Inject
    EmbeddedServer server;

    @Inject
    HostStore hostStore;

    @Inject
    HostActivities hostActivities;

    @Test
    void aRunningPodShowsItsContainerAndItsLogComesBackAndFollows() {
        int hostPort = Ports.free();
        Instant started = Instant.now().minusSeconds(1);
        UUID id = api.create(Map.of("owner", "logs", "parts", List.of(Map.of("name", "app", "pods", List.of(Map.of(
                "name", "ticker", "image", Specs.BUSYBOX, "command", List.of("sh", "-c", TICKER),
                "ports", List.of(Map.of("containerPort", 8080, "hostPort", hostPort)))))))).id();
        RawHttp http = new RawHttp(server.getURL());
        String logs = "/api/v1/sessions/" + id + "/pods/app/ticker/logs";
        try {
            SessionView running = api.awaitStatus(id, SessionStatus.RUNNING);
            PodView pod = running.parts().getFirst().pods().getFirst();
            assertEquals(PodStatus.READY, pod.status());
            assertEquals(engine.containersOf(id).getFirst().getId(), pod.containerId());
            assertNotNull(pod.address(), "the container's address on the engine's network");
            assertTrue(pod.ports().stream().anyMatch(p -> p.containerPort() == 8080 && Integer.valueOf(hostPort)
                    .equals(p.hostPort()) && "tcp".equals(p.protocol())), pod.ports().toString());

            RawAnswer whole = Eventually.await("the first ticks in the log", SessionApi.DEADLINE, () -> http.get(logs),
                    answer -> answer.body().contains("tick-2"));
            assertEquals(200, whole.status());
            assertTrue(whole.contentType().startsWith("text/plain"), whole.contentType());
            assertTrue(whole.body().startsWith("first line\n"), whole.body());

            assertEquals("", http.get(logs + "?since=" + Instant.now().plusSeconds(3600)).body());
            assertTrue(http.get(logs + "?since=" + started.getEpochSecond()).body().startsWith("first line\n"));

            RawAnswer tailed = http.get(logs + "?tail=1");
            assertEquals(1, tailed.body().lines().count(), tailed.body());
            assertTrue(tailed.body().startsWith("tick-"), tailed.body());

            int lastSeen = lastTick(http.get(logs).body());
            try (Stream<String> followed = http.lines(logs + "?follow=true&tail=0")) {
                Iterator<String> lines = followed.iterator();
                String next = lines.next();
                assertTrue(next.startsWith("tick-") && tick(next) > lastSeen,
                        "a line written after tick-" + lastSeen + ", got " + next);
                assertEquals("tick-" + (tick(next) + 1), lines.next());
            }

            assertEquals(404, http.get("/api/v1/sessions/" + id + "/pods/app/nope/logs").status());
            RawAnswer negative = http.get(logs + "?tail=-1");
            assertEquals(422, negative.status());
            assertTrue(negative.body().contains("\"tail\""), negative.body());
            assertEquals(422, http.get(logs + "?since=yesterday").status());
        } finally {
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        }
    }

    @Test
    void aFollowerThatReadsNothingHoldsLittleOfTheLogInTheService() throws Exception {
        try (CountingEngineProxy proxy = CountingEngineProxy.to(HostApi.firstEngine());
                OwnHosts hosts = new OwnHosts("l", hostStore, hostActivities)) {
            String host = hosts.registerReady("counted", proxy.endpoint(), HostCapacity.UNLIMITED);
            UUID id = api.create(Map.of("owner", "logs", "parts", List.of(Map.of("name", "app", "pods", List.of(Map.of(
                    "name", "flood", "image", Specs.BUSYBOX, "command", List.of("sh", "-c", FLOODER),
                    "hostSelector", Map.of("name", host))))))).id();
            try (Socket follower = new Socket()) {
                String container = api.awaitStatus(id, SessionStatus.RUNNING).parts().getFirst().pods().getFirst()
                        .containerId();
                follower.setReceiveBufferSize(4096);
                follower.connect(new InetSocketAddress(server.getHost(), server.getPort()));
                follower.getOutputStream().write(("GET /api/v1/sessions/" + id + "/pods/app/flood/logs?follow=true"
                        + " HTTP/1.1\r\nHost: " + server.getHost() + "\r\nAuthorization: Bearer " + TestTokens.ADMIN
                        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                Eventually.await("the container wrote its log", SessionApi.DEADLINE,
                        () -> engine.output(container, "cat", "/tmp/written"),
                        written -> written.contains("done"));
                long held = Eventually.await("the service stopped reading the engine", SessionApi.DEADLINE,
                        new Settling(proxy::mostOnOneConnection),
                        Settling::settled).value();
                assertTrue(held < FLOOD / 3, "the service read " + held + " bytes of a log its client took none of");

                InputStream log = follower.getInputStream();
                byte[] chunk = new byte[64 * 1024];
                long read = 0;
                while (read < 2 * held) {
                    read += Math.max(0, log.read(chunk));
                }
                assertTrue(proxy.mostOnOneConnection() > held, "reading on, the client has the service read on");
            } finally {
                api.delete(id);
                api.awaitStatus(id, SessionStatus.DELETED);
            }
        }
    }

    /** A count that has stopped growing: the same for a second. */
    private static final class Settling implements Supplier<Settling> {

        private final LongSupplier count;
        private long value = -1;
        private long since = System.nanoTime();

        Settling(LongSupplier count) {
            this.count = count;
        }

        @Override
        public Settling get() {
            long now = count.getAsLong();
            if (now != value) {
                value = now;
                since = System.nanoTime();
            }
            return this;
        }

        boolean settled() {
            return System.nanoTime() - since > Duration.ofSeconds(1).toNanos();
        }

        long value() {
            return value;
        }

        @Override
        public String toString() {
            return value + " bytes";
        }
    }

    private static int lastTick(String log) {
        List<String> ticks = log.lines().filter(l -> l.startsWith("tick-")).toList();
        assertFalse(ticks.isEmpty(), "no ticks in " + log);
        return tick(ticks.getLast());
    }

    private static int tick(String line) {
        return Integer.parseInt(line.substring("tick-".length()));
    }
}
