package dev.steward.app.subscription;

import dev.steward.config.DeliveryConfig;
import dev.steward.store.ContentMode;
import dev.steward.store.SealedFor;
import dev.steward.store.SecretCipher;
import dev.steward.store.SubscriptionRow;
import dev.steward.store.UnreadableCiphertext;
import dev.steward.telemetry.FailureEpisodes;
import io.cloudevents.CloudEvent;
import io.cloudevents.http.HttpMessageFactory;
import io.cloudevents.jackson.JsonFormat;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.function.Function;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.support.ClassicRequestBuilder;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * Speaks to sinks over HTTP: the Web Hooks abuse-protection handshake, and CloudEvents in binary or
 * structured mode (the CloudEvents HTTP binding, written by cloudevents-java), each with the subscription's
 * access token as a bearer token. Before each request {@link SinkPolicy} resolves the sink's host and
 * checks the addresses; the request connects to the address it checked (its {@code Host} header and TLS
 * server name stay the sink's host), never to one resolved again.
 */
@Singleton
public class SinkClient {

    static final String REQUEST_ORIGIN = "WebHook-Request-Origin";
    static final String ALLOWED_ORIGIN = "WebHook-Allowed-Origin";
    private static final JsonFormat STRUCTURED = new JsonFormat();
    /** A pooled connection is used this long at most, so that a sink's host is resolved and checked again. */
    private static final TimeValue CONNECTION_LIFETIME = TimeValue.ofMinutes(1);

    private final DeliveryConfig config;
    private final SinkPolicy policy;
    private final SecretCipher cipher;
    private final CloseableHttpClient http;

    public SinkClient(DeliveryConfig config, SinkPolicy policy, SecretCipher cipher) {
        this.config = config;
        this.policy = policy;
        this.cipher = cipher;
        Timeout timeout = Timeout.of(config.timeout());
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(PINNED_ONLY)
                        .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(timeout)
                                .setSocketTimeout(timeout).setTimeToLive(CONNECTION_LIFETIME).build())
                        .setMaxConnTotal(2 * config.concurrency())
                        .setMaxConnPerRoute(2)
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(timeout).build())
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .evictExpiredConnections()
                .build();
    }

    /** Every request names the address it connects to: a name left to resolve is a mistake, refused. */
    private static final DnsResolver PINNED_ONLY = new DnsResolver() {
        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            throw new UnknownHostException(host + " was not resolved by the sink policy");
        }

        @Override
        public String resolveCanonicalHostname(String host) throws UnknownHostException {
            throw new UnknownHostException(host + " was not resolved by the sink policy");
        }
    };

    /**
     * Asks the sink whether it takes events from this origin: an {@code OPTIONS} request with
     * {@code WebHook-Request-Origin}, allowed by a 2xx answer whose {@code WebHook-Allowed-Origin} names the
     * origin or is {@code *}.
     */
    public SinkAnswer handshake(SubscriptionRow subscription) {
        ClassicRequestBuilder request = request("OPTIONS", subscription).setHeader(REQUEST_ORIGIN, config.origin());
        return send(subscription, request, response -> {
            Header allowed = response.getFirstHeader(ALLOWED_ORIGIN);
            if (successful(response) && allowed != null
                    && (allowed.getValue().equals("*") || allowed.getValue().equals(config.origin()))) {
                return SinkAnswer.TAKEN;
            }
            return new SinkAnswer("the sink did not allow deliveries from origin " + config.origin()
                    + " (handshake answered " + response.getCode() + " with " + ALLOWED_ORIGIN + ": "
                    + (allowed == null ? "none" : allowed.getValue()) + ")", retryAfter(response));
        });
    }

    public SinkAnswer deliver(SubscriptionRow subscription, CloudEvent event) {
        ClassicRequestBuilder request = request("POST", subscription);
        byte[][] body = {null};
        var writer = HttpMessageFactory.createWriter(request::setHeader, bytes -> body[0] = bytes);
        if (subscription.contentMode() == ContentMode.STRUCTURED) {
            writer.writeStructured(event, STRUCTURED);
        } else {
            writer.writeBinary(event);
        }
        if (body[0] != null) {
            request.setEntity(new ByteArrayEntity(body[0], null));
        }
        return send(subscription, request, response -> successful(response) ? SinkAnswer.TAKEN : new SinkAnswer(
                "the sink answered " + response.getCode() + " to event " + event.getId(), retryAfter(response)));
    }

    private static boolean successful(ClassicHttpResponse response) {
        return response.getCode() / 100 == 2;
    }

    private static ClassicRequestBuilder request(String method, SubscriptionRow subscription) {
        return ClassicRequestBuilder.create(method).setUri(subscription.sink());
    }

    /**
     * Sends the request, with the subscription's token, to the address the policy admits for the sink, and
     * has {@code judge} read the answer; a sink the policy refuses, a token that cannot be decrypted, or no
     * answer at all, is an error too.
     */
    private SinkAnswer send(SubscriptionRow subscription, ClassicRequestBuilder request,
            Function<ClassicHttpResponse, SinkAnswer> judge) {
        URI sink = URI.create(subscription.sink());
        HttpHost pinned;
        try {
            InetAddress address = policy.admit(sink);
            String host = sink.getHost().startsWith("[") ? sink.getHost().substring(1, sink.getHost().length() - 1)
                    : sink.getHost();
            pinned = new HttpHost(sink.getScheme(), address, host, SinkPolicy.portOf(sink));
            String token = accessToken(subscription);
            if (token != null) {
                request.setHeader("Authorization", "Bearer " + token);
            }
        } catch (SinkNotAllowed refused) {
            return new SinkAnswer("nothing was sent: the sink " + refused.getMessage(), null);
        } catch (UnreadableCiphertext unreadable) {
            return new SinkAnswer("nothing was sent: " + unreadable.getMessage(), null);
        }
        try {
            return http.execute(pinned, request.build(), response -> {
                EntityUtils.consume(response.getEntity());
                return judge.apply(response);
            });
        } catch (IOException e) {
            return new SinkAnswer("no answer from the sink: " + FailureEpisodes.describe(e), null);
        }
    }

    private String accessToken(SubscriptionRow subscription) {
        return subscription.accessTokenEncrypted() == null ? subscription.accessTokenUnencrypted()
                : cipher.decrypt(subscription.accessTokenEncrypted(), SealedFor.subscriptionToken(subscription.id()));
    }

    /** {@code Retry-After} as seconds or as an HTTP date; null when absent or unreadable. */
    static Duration retryAfter(ClassicHttpResponse response) {
        Header value = response.getFirstHeader("Retry-After");
        if (value == null) {
            return null;
        }
        String text = value.getValue().strip();
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
        http.close(CloseMode.GRACEFUL);
    }
}
