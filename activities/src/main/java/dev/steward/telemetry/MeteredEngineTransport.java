package dev.steward.telemetry;

import com.github.dockerjava.transport.DockerHttpClient;
import dev.steward.contract.MetricNames;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Times every call to one host's engine ({@link MetricNames#ENGINE_CALLS}) and counts those that got
 * no answer or a server error ({@link MetricNames#ENGINE_ERRORS}), tagged with the host and the
 * operation: the method and the path with container and exec ids left out.
 */
public final class MeteredEngineTransport implements DockerHttpClient {

    /** Path segments that name a resource by id, whose next segment is that id. */
    private static final Set<String> BY_ID = Set.of("containers", "exec", "images", "networks", "volumes");
    /** Segments after {@link #BY_ID} that are verbs, not ids. */
    private static final Set<String> VERBS = Set.of("json", "create", "prune");
    private static final Pattern API_VERSION = Pattern.compile("v\\d+(\\.\\d+)?");

    private final DockerHttpClient delegate;
    private final MeterRegistry registry;
    private final String host;

    public MeteredEngineTransport(DockerHttpClient delegate, MeterRegistry registry, String host) {
        this.delegate = delegate;
        this.registry = registry;
        this.host = host;
    }

    @Override
    public Response execute(Request request) {
        String operation = operation(request.method(), request.path());
        long started = System.nanoTime();
        try {
            Response response = delegate.execute(request);
            int status = response.getStatusCode();
            String outcome = status >= 500 ? "server_error" : status >= 400 ? "client_error" : "success";
            record(operation, outcome, started);
            if (status >= 500) {
                error(operation, "server_error");
            }
            return response;
        } catch (RuntimeException noAnswer) {
            record(operation, "no_answer", started);
            error(operation, "no_answer");
            throw noAnswer;
        }
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }

    /** {@code GET /containers/{id}/json} for {@code GET /v1.41/containers/3f2a.../json?size=false}. */
    static String operation(String method, String path) {
        String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        StringBuilder operation = new StringBuilder(method).append(' ');
        String previous = "";
        for (String segment : bare.split("/")) {
            if (segment.isEmpty() || (previous.isEmpty() && API_VERSION.matcher(segment).matches())) {
                continue;
            }
            boolean id = BY_ID.contains(previous) && !VERBS.contains(segment);
            operation.append('/').append(id ? "{id}" : segment);
            previous = segment;
        }
        return operation.toString();
    }

    private void record(String operation, String outcome, long startedNanos) {
        Timer.builder(MetricNames.ENGINE_CALLS)
                .description("calls to a host's container engine")
                .tag("host", host)
                .tag("operation", operation)
                .tag("outcome", outcome)
                .register(registry)
                .record(Duration.ofNanos(System.nanoTime() - startedNanos));
    }

    private void error(String operation, String kind) {
        Counter.builder(MetricNames.ENGINE_ERRORS)
                .description("engine calls that got no answer or a server error")
                .tag("host", host)
                .tag("operation", operation)
                .tag("kind", kind)
                .register(registry)
                .increment();
    }
}
