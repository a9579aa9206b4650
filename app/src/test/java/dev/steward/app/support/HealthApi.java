package dev.steward.app.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** {@code /health} and its liveness and readiness views, read whatever their status (DOWN is a 503). */
public final class HealthApi {

    private static final HttpClient PLAIN_HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final BlockingHttpClient http;

    public HealthApi(BlockingHttpClient http) {
        this.http = http;
    }

    public Health all() {
        return get("/health");
    }

    public Health liveness() {
        return get("/health/liveness");
    }

    public Health readiness() {
        return get("/health/readiness");
    }

    /**
     * The HTTP status {@code /health/readiness} answers at {@code baseUrl}, or 0 while nothing answers
     * there: for a service outside this JVM (a process, a container).
     */
    public static int readinessStatus(String baseUrl) {
        return status(baseUrl + "/health/readiness");
    }

    /** The HTTP status a plain GET of {@code url} answers, or 0 while nothing answers there. */
    public static int status(String url) {
        try {
            return PLAIN_HTTP.send(java.net.http.HttpRequest.newBuilder(URI.create(url)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException notYet) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Health get(String path) {
        try {
            return Health.of(200, http.retrieve(HttpRequest.GET(path)));
        } catch (HttpClientResponseException down) {
            return Health.of(down.code(), down.getResponse().getBody(String.class).orElse("{}"));
        }
    }

    /**
     * @param code the HTTP status
     * @param body the JSON body: {@code status} and, per check, {@code details.{name}.status} and
     *     {@code details.{name}.details.reason}
     * @param text the body as sent
     */
    public record Health(int code, Map<String, Object> body, String text) {

        static Health of(int code, String text) {
            try {
                return new Health(code, new ObjectMapper().readValue(text, new TypeReference<Map<String, Object>>() {}),
                        text);
            } catch (JsonProcessingException e) {
                throw new AssertionError("not JSON from the health endpoint: " + text, e);
            }
        }

        public String status() {
            return String.valueOf(body.get("status"));
        }

        /** The status of the named check, or null when it is absent. */
        public String status(String check) {
            Object found = checks().get(check);
            return found instanceof Map<?, ?> map ? String.valueOf(map.get("status")) : null;
        }

        /** The reason the named check gives, or null. */
        public String reason(String check) {
            Object found = checks().get(check);
            if (found instanceof Map<?, ?> map && map.get("details") instanceof Map<?, ?> details) {
                Object reason = details.get("reason");
                return reason == null ? null : reason.toString();
            }
            return null;
        }

        private Map<?, ?> checks() {
            return body.get("details") instanceof Map<?, ?> details ? details : Map.of();
        }

        @Override
        public String toString() {
            return code + " " + text;
        }
    }
}
