package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.app.subscription.SubscriptionView;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.BlockingHttpClient;
import java.util.Map;
import java.util.UUID;

/** The subscription calls the integration tests make. */
public final class SubscriptionApi {

    private final BlockingHttpClient http;

    public SubscriptionApi(BlockingHttpClient http) {
        this.http = http;
    }

    public SubscriptionView create(Map<String, Object> subscription) {
        HttpResponse<SubscriptionView> response =
                http.exchange(HttpRequest.POST("/api/v1/subscriptions", subscription), SubscriptionView.class);
        assertEquals(HttpStatus.CREATED, response.getStatus());
        return response.body();
    }

    public SubscriptionView get(UUID id) {
        return http.retrieve(HttpRequest.GET("/api/v1/subscriptions/" + id), SubscriptionView.class);
    }

    public void delete(UUID id) {
        assertEquals(HttpStatus.NO_CONTENT, http.exchange(HttpRequest.DELETE("/api/v1/subscriptions/" + id)).getStatus());
    }

    /** A subscription of every event to {@code sink}, in {@code mode}, with a bearer token. */
    public static Map<String, Object> to(String sink, String mode, String token) {
        return Map.of("sink", sink, "config", Map.of("contentmode", mode),
                "sinkcredential", Map.of("credentialtype", "ACCESSTOKEN", "accesstoken", token));
    }
}
