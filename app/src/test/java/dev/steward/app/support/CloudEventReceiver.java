package dev.steward.app.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.cloudevents.CloudEvent;
import io.cloudevents.http.HttpMessageFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A sink as a real client of Steward's subscriptions writes one: an HTTP server that allows deliveries in
 * the Web Hooks handshake and reads each request with cloudevents-java (binary or structured). It can
 * refuse for a while ({@link #answer}), go away and come back on the same port.
 */
public final class CloudEventReceiver implements AutoCloseable {

    /** One request the receiver took: the event, the headers it came with, and when it was taken. */
    public record Received(CloudEvent event, String authorization, String contentType, Instant at) {}

    /** What the receiver answers to a delivery: 200 takes the event; anything else refuses it. */
    public record Answer(int status, String retryAfter) {
        public static final Answer TAKE = new Answer(200, null);
    }

    public final List<Received> received = new CopyOnWriteArrayList<>();
    public final AtomicInteger handshakes = new AtomicInteger();
    public final AtomicInteger refused = new AtomicInteger();
    public volatile Answer answer = Answer.TAKE;
    /** How long each delivery takes to be answered. */
    public volatile Duration slowness = Duration.ZERO;

    private final int port = Ports.free();
    private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
    private volatile HttpServer server;

    public CloudEventReceiver() {
        comeBack();
    }

    public String url() {
        return "http://127.0.0.1:" + port + "/sink";
    }

    /** Stops listening: connections are refused until {@link #comeBack()}. */
    public void goAway() {
        server.stop(0);
    }

    public void comeBack() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/sink", this::handle);
        server.setExecutor(handlers);
        server.start();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (exchange.getRequestMethod().equals("OPTIONS")) {
                handshakes.incrementAndGet();
                exchange.getResponseHeaders().add("WebHook-Allowed-Origin", "*");
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            byte[] body = exchange.getRequestBody().readAllBytes();
            Answer now = answer;
            if (now.status() != 200) {
                refused.incrementAndGet();
                if (now.retryAfter() != null) {
                    exchange.getResponseHeaders().add("Retry-After", now.retryAfter());
                }
                exchange.sendResponseHeaders(now.status(), -1);
                return;
            }
            Map<String, String> headers = new HashMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT),
                    values.getFirst()));
            CloudEvent event = HttpMessageFactory.createReader(headers, body).toEvent();
            pause(slowness);
            received.add(new Received(event, headers.get("authorization"), headers.get("content-type"), Instant.now()));
            exchange.sendResponseHeaders(200, -1);
        } catch (RuntimeException e) {
            exchange.sendResponseHeaders(400, -1); // not a CloudEvent: the test sees it missing
        }
    }

    private static void pause(Duration duration) {
        if (duration.isZero()) {
            return;
        }
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }
}
