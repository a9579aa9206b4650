package dev.steward.app.subscription;

import dev.steward.config.DeliveryConfig;
import dev.steward.store.ContentMode;
import dev.steward.store.SealedFor;
import dev.steward.store.SecretCipher;
import dev.steward.store.SubscriptionRow;
import dev.steward.telemetry.FailureEpisodes;
import io.cloudevents.CloudEvent;
import io.cloudevents.http.HttpMessageFactory;
import io.cloudevents.jackson.JsonFormat;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.function.Function;

/**
 * Speaks to sinks over HTTP: the Web Hooks abuse-protection handshake, and CloudEvents in binary or
 * structured mode (the CloudEvents HTTP binding, written by cloudevents-java), each with the subscription's
 * access token as a bearer token, decrypted only here.
 */
@Singleton
public class SinkClient {

    static final String REQUEST_ORIGIN = "WebHook-Request-Origin";
    static final String ALLOWED_ORIGIN = "WebHook-Allowed-Origin";
    private static final JsonFormat STRUCTURED = new JsonFormat();

    private final DeliveryConfig config;
    private final SecretCipher cipher;
    private final HttpClient http;

    public SinkClient(DeliveryConfig config, SecretCipher cipher) {
        this.config = config;
        this.cipher = cipher;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(config.timeout())
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /**
     * Asks the sink whether it takes events from this origin: an {@code OPTIONS} request with
     * {@code WebHook-Request-Origin}, allowed by a 2xx answer whose {@code WebHook-Allowed-Origin} names the
     * origin or is {@code *}.
     */
    public SinkAnswer handshake(SubscriptionRow subscription) {
        HttpRequest request = request(subscription).header(REQUEST_ORIGIN, config.origin())
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build();
        return send(request, response -> {
            Optional<String> allowed = response.headers().firstValue(ALLOWED_ORIGIN);
            if (successful(response) && allowed.isPresent()
                    && (allowed.get().equals("*") || allowed.get().equals(config.origin()))) {
                return SinkAnswer.TAKEN;
            }
            return new SinkAnswer("the sink did not allow deliveries from origin " + config.origin()
                    + " (handshake answered " + response.statusCode() + " with " + ALLOWED_ORIGIN + ": "
                    + allowed.orElse("none") + ")", retryAfter(response));
        });
    }

    public SinkAnswer deliver(SubscriptionRow subscription, CloudEvent event) {
        HttpRequest.Builder request = request(subscription);
        byte[][] body = {null};
        var writer = HttpMessageFactory.createWriter(request::header, bytes -> body[0] = bytes);
        if (subscription.contentMode() == ContentMode.STRUCTURED) {
            writer.writeStructured(event, STRUCTURED);
        } else {
            writer.writeBinary(event);
        }
        request.POST(body[0] == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(body[0]));
        return send(request.build(), response -> successful(response) ? SinkAnswer.TAKEN : new SinkAnswer(
                "the sink answered " + response.statusCode() + " to event " + event.getId(), retryAfter(response)));
    }

    private static boolean successful(HttpResponse<?> response) {
        return response.statusCode() / 100 == 2;
    }

    private HttpRequest.Builder request(SubscriptionRow subscription) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(subscription.sink())).timeout(config.timeout());
        String token = subscription.accessTokenEncrypted() == null ? subscription.accessTokenUnencrypted()
                : cipher.decrypt(subscription.accessTokenEncrypted(), SealedFor.subscriptionToken(subscription.id()));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return request;
    }

    /** Sends the request and has {@code judge} read the answer; no answer at all is an error too. */
    private SinkAnswer send(HttpRequest request, Function<HttpResponse<Void>, SinkAnswer> judge) {
        try {
            return judge.apply(http.send(request, HttpResponse.BodyHandlers.discarding()));
        } catch (IOException e) {
            return new SinkAnswer("no answer from the sink: " + FailureEpisodes.describe(e), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new SinkAnswer("interrupted", null);
        }
    }

    /** {@code Retry-After} as seconds or as an HTTP date; null when absent or unreadable. */
    static Duration retryAfter(HttpResponse<?> response) {
        Optional<String> value = response.headers().firstValue("Retry-After");
        if (value.isEmpty()) {
            return null;
        }
        String text = value.get().strip();
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(text)));
        } catch (NumberFormatException notSeconds) {
            try {
                Duration until = Duration.between(Instant.now(),
                        ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
                return until.isNegative() ? Duration.ZERO : until;
            } catch (DateTimeParseException notADate) {
                return null;
            }
        }
    }

    @PreDestroy
    void close() {
        http.close();
    }
}
