package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.steward.app.api.HostTransitionView;
import dev.steward.app.api.HostView;
import dev.steward.app.http.problem.Problem;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.client.BlockingHttpClient;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The host registry's REST calls the integration tests make. */
public final class HostApi {

    private final BlockingHttpClient http;

    public HostApi(BlockingHttpClient http) {
        this.http = http;
    }

    /** The engines tests may place pods on: the shared one, and the launcher's second one. */
    public static String firstEngine() {
        return requiredEnv("DOCKER_HOST", "unix:///root/.local/state/steward/podman/podman.sock");
    }

    /** The environment that points the podman command at the first engine: its configuration and storage. */
    public static Map<String, String> firstEnginePodman() {
        Path dir = Path.of(firstEngine().substring("unix://".length())).getParent();
        return Map.of("CONTAINERS_CONF", dir.resolve("containers.conf").toString(),
                "CONTAINERS_STORAGE_CONF", dir.resolve("storage.conf").toString());
    }

    public static String secondEngine() {
        return requiredEnv("STEWARD_TEST_SECOND_ENGINE", "unix:///root/.local/state/steward/podman2/podman.sock");
    }

    private static String requiredEnv(String name, String example) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            fail(name + " is not set: run the tests with ./steward test, or eval \"$(./steward env)\" first"
                    + " (for example " + name + "=" + example + ")");
        }
        return value;
    }

    public HostView register(Map<String, Object> host) {
        HttpResponse<HostView> response =
                http.exchange(TestTokens.authorized(HttpRequest.POST("/api/v1/hosts", host)), HostView.class);
        assertEquals(HttpStatus.CREATED, response.getStatus());
        return response.body();
    }

    public HostView get(String name) {
        return http.retrieve(TestTokens.authorized(HttpRequest.GET("/api/v1/hosts/" + name)), HostView.class);
    }

    public List<HostView> list() {
        return http.retrieve(TestTokens.authorized(HttpRequest.GET("/api/v1/hosts")), Argument.listOf(HostView.class));
    }

    public HostView change(String name, Map<String, Object> change) {
        return http.retrieve(TestTokens.authorized(HttpRequest.PUT("/api/v1/hosts/" + name, change)), HostView.class);
    }

    public HttpStatus delete(String name) {
        return http.exchange(TestTokens.authorized(HttpRequest.DELETE("/api/v1/hosts/" + name))).getStatus();
    }

    public List<HostTransitionView> transitions(String name) {
        return http.retrieve(TestTokens.authorized(HttpRequest.GET("/api/v1/hosts/" + name + "/transitions")),
                Argument.listOf(HostTransitionView.class));
    }

    /** Sends the request as JSON, which must be refused with {@code expected} as problem+json; returns the problem. */
    public Problem refused(MutableHttpRequest<?> request, HttpStatus expected) {
        return Refusals.refused(http, TestTokens.authorized(request.contentType(MediaType.APPLICATION_JSON)), expected);
    }
}
