package dev.steward.app.telemetry;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.Eventually;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Tracing on: the API's requests and the Temporal calls they make leave as spans by OTLP, here to an OTLP/HTTP
 * receiver in the test that keeps what it is sent: the request's span, {@code StartWorkflow},
 * {@code RunWorkflow} of the session and of its part, and {@code RunActivity:EnsureStarted}.
 */
@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TracingIT extends SessionApiBase implements TestPropertyProvider {

    private final List<String> exports = new CopyOnWriteArrayList<>();
    private HttpServer collector;

    @Override
    public Map<String, String> getProperties() {
        try {
            collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException("no port for the OTLP receiver", e);
        }
        collector.createContext("/v1/traces", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                // OTLP over HTTP is protobuf: span names and attribute values travel as plain UTF-8 strings.
                exports.add(new String(body.readAllBytes(), StandardCharsets.ISO_8859_1));
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.start();
        return Map.of(
                "micronaut.otel.enabled", "true",
                "otel.exporter.otlp.protocol", "http/protobuf",
                "otel.exporter.otlp.traces.endpoint", "http://127.0.0.1:" + collector.getAddress().getPort() + "/v1/traces",
                "otel.bsp.schedule.delay", "200");
    }

    @AfterAll
    void stopCollector() {
        collector.stop(0);
    }

    @Test
    void aRequestAndItsWorkflowAreTraced() {
        UUID id = api.create(Map.of("owner", "traced", "parts", List.of(Specs.part("web", "a")))).id();
        api.awaitStatus(id, SessionStatus.RUNNING);
        api.delete(id);
        // Gone before the context closes: no placement outlives the test.
        api.awaitStatus(id, SessionStatus.DELETED);

        List<String> wanted = List.of("/api/v1/sessions", "StartWorkflow:SessionWorkflow", "RunWorkflow:SessionWorkflow",
                "RunWorkflow:PartWorkflow", "RunActivity:EnsureStarted");
        Eventually.await("spans of " + wanted + " exported", SessionApi.DEADLINE, () -> String.join("\n", exports),
                all -> wanted.stream().allMatch(all::contains));
        assertTrue(exports.stream().anyMatch(e -> e.contains(id.toString()) || e.contains("session-" + id)),
                "a span names the session's workflow");
    }
}
