package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.app.api.TransitionView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/** The REST calls the integration tests make, and polling with a deadline instead of sleeps. */
public final class SessionApi {

    /** How long the tests wait for the real service, engine and Temporal to get somewhere. */
    public static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final Duration POLL = Duration.ofMillis(100);

    private final BlockingHttpClient http;

    public SessionApi(BlockingHttpClient http) {
        this.http = http;
    }

    public SessionView create(Map<String, Object> spec) {
        HttpResponse<SessionView> response =
                http.exchange(TestTokens.authorized(HttpRequest.POST("/api/v1/sessions", spec)), SessionView.class);
        assertEquals(HttpStatus.CREATED, response.getStatus());
        return response.body();
    }

    public SessionView get(UUID id) {
        return http.retrieve(TestTokens.authorized(HttpRequest.GET("/api/v1/sessions/" + id)), SessionView.class);
    }

    /** Polls until the session exists: one that a CloudEvent creates appears once the event is dispatched. */
    public SessionView awaitCreated(UUID id) {
        return Eventually.await("session " + id + " created", DEADLINE, () -> {
            try {
                return get(id);
            } catch (HttpClientResponseException notYet) {
                assertEquals(HttpStatus.NOT_FOUND, notYet.getStatus(), notYet.getMessage());
                return null;
            }
        }, view -> view != null);
    }

    /** The first page of the owner's sessions, newest first. */
    public List<SessionView> listByOwner(String owner) {
        return http.retrieve(TestTokens.authorized(HttpRequest.GET("/api/v1/sessions?owner=" + owner)), SessionListing.class).items();
    }

    public HttpStatus setDesiredStatus(UUID id, String desiredStatus) {
        return sentUntilTaken("desired status " + desiredStatus + " of " + id, () -> TestTokens.authorized(
                HttpRequest.PUT("/api/v1/sessions/" + id + "/desired-status", Map.of("desiredStatus", desiredStatus))));
    }

    public HttpStatus updateSpec(UUID id, Map<String, Object> spec) {
        return http.exchange(TestTokens.authorized(HttpRequest.PUT("/api/v1/sessions/" + id + "/spec", spec))).getStatus();
    }

    public HttpStatus delete(UUID id) {
        return sentUntilTaken("DELETE of " + id, () -> TestTokens.authorized(HttpRequest.DELETE("/api/v1/sessions/" + id)));
    }

    /**
     * Sends a change as the API tells a client to: a {@code 503 workflow-unresponsive} (the workflow did not take
     * it in time, as right after its worker died; nothing refused) is sent again until the deadline.
     */
    private HttpStatus sentUntilTaken(String what, Supplier<MutableHttpRequest<?>> request) {
        return Eventually.await(what + " taken by the workflow", DEADLINE, () -> {
            try {
                return http.exchange(request.get()).getStatus();
            } catch (HttpClientResponseException refused) {
                if (refused.getStatus() == HttpStatus.SERVICE_UNAVAILABLE
                        && refused.getResponse().getBody(String.class).orElse("").contains("/problems/workflow-unresponsive")) {
                    return null;
                }
                throw refused;
            }
        }, status -> status != null);
    }

    public List<TransitionView> transitions(UUID id) {
        return http.retrieve(TestTokens.authorized(HttpRequest.GET("/api/v1/sessions/" + id + "/transitions")),
                Argument.listOf(TransitionView.class));
    }

    /** Polls the session until it has {@code status}; fails with the last view seen at the deadline. */
    public SessionView awaitStatus(UUID id, SessionStatus status) {
        return Eventually.await("session " + id + " " + status, DEADLINE,
                () -> get(id), view -> view.status() == status);
    }

    /**
     * Polls the session until it has {@code status} and its whole tree has converged to its current
     * generation: a status can show before the last part's report of the new generation arrives.
     */
    public SessionView awaitConverged(UUID id, SessionStatus status) {
        return Eventually.await("session " + id + " " + status + " at its generation", DEADLINE, () -> get(id),
                view -> view.status() == status && view.observedGeneration() == view.generation());
    }

    /** Waits for a wall-clock instant: for tests whose assertion is about that instant itself. */
    public static void waitUntil(Instant instant) {
        while (Instant.now().isBefore(instant)) {
            pause();
        }
    }

    public static void pause() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
