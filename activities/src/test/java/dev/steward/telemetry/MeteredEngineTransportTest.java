package dev.steward.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.github.dockerjava.transport.DockerHttpClient;
import dev.steward.contract.MetricNames;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class MeteredEngineTransportTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void anOperationLeavesOutIdsQueriesAndTheApiVersion() {
        assertEquals("GET /containers/{id}/json",
                MeteredEngineTransport.operation("GET", "/v1.41/containers/3f2a9c/json?size=false"));
        assertEquals("GET /containers/json", MeteredEngineTransport.operation("GET", "/containers/json?all=true"));
        assertEquals("POST /containers/create", MeteredEngineTransport.operation("POST", "/containers/create?name=x"));
        assertEquals("DELETE /containers/{id}", MeteredEngineTransport.operation("DELETE", "/containers/abc?force=true"));
        assertEquals("POST /exec/{id}/start", MeteredEngineTransport.operation("POST", "/exec/e1/start"));
        assertEquals("GET /version", MeteredEngineTransport.operation("GET", "/version"));
    }

    @Test
    void everyCallIsTimedByHostAndOutcomeAndOnlyServerErrorsAndSilenceCountAsErrors() {
        MeteredEngineTransport answering = new MeteredEngineTransport(answering(404), registry, "a");
        answering.execute(request("GET", "/containers/x/json")).close();
        assertEquals(1, timer("a", "GET /containers/{id}/json", "client_error").count());
        assertNull(registry.find(MetricNames.ENGINE_ERRORS).counter(), "a 404 is an answer, not an engine error");

        new MeteredEngineTransport(answering(500), registry, "a").execute(request("POST", "/containers/x/start")).close();
        assertEquals(1, errors("a", "server_error").count());

        MeteredEngineTransport silent = new MeteredEngineTransport(
                transport(request -> {
                    throw new UncheckedIOException(new ConnectException("refused"));
                }), registry, "b");
        assertThrows(UncheckedIOException.class, () -> silent.execute(request("GET", "/version")));
        assertEquals(1, timer("b", "GET /version", "no_answer").count());
        assertEquals(1, errors("b", "no_answer").count());
    }

    private Timer timer(String host, String operation, String outcome) {
        return registry.get(MetricNames.ENGINE_CALLS).tags("host", host, "operation", operation, "outcome", outcome).timer();
    }

    private Counter errors(String host, String kind) {
        return registry.get(MetricNames.ENGINE_ERRORS).tags("host", host, "kind", kind).counter();
    }

    private static DockerHttpClient.Request request(String method, String path) {
        return DockerHttpClient.Request.builder().method(DockerHttpClient.Request.Method.valueOf(method)).path(path).build();
    }

    /** A transport that answers every request with {@code status} and no body. */
    private static DockerHttpClient answering(int status) {
        return transport(request -> new DockerHttpClient.Response() {
            @Override
            public int getStatusCode() {
                return status;
            }

            @Override
            public Map<String, List<String>> getHeaders() {
                return Map.of();
            }

            @Override
            public InputStream getBody() {
                return new ByteArrayInputStream(new byte[0]);
            }

            @Override
            public void close() {}
        });
    }

    private static DockerHttpClient transport(Function<DockerHttpClient.Request, DockerHttpClient.Response> handler) {
        return new DockerHttpClient() {
            @Override
            public Response execute(Request request) {
                return handler.apply(request);
            }

            @Override
            public void close() {}
        };
    }
}
