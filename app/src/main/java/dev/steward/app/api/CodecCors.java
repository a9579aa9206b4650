package dev.steward.app.api;

import dev.steward.app.temporal.PayloadEncryption;
import dev.steward.config.TemporalCodecConfig;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.server.HttpServerConfiguration;
import io.micronaut.http.server.cors.CorsOriginConfiguration;
import jakarta.inject.Singleton;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lets the Temporal UI, served from another origin, call the codec endpoint from the browser: while payloads are
 * encrypted, Micronaut's CORS handling (which answers a preflight before authentication, as browsers send it
 * without the token) allows the UI's origins ({@code steward.temporal.codec.allowed-origins}, else the origin of
 * {@code steward.temporal.ui-url}) to {@code POST} with the headers the UI sends. Every call still needs its token;
 * requests from any other origin are refused.
 */
@Singleton
public class CodecCors implements BeanCreatedEventListener<HttpServerConfiguration.CorsConfiguration> {

    /** What the Temporal UI sends: its user's token when it passes one, its JSON, and the namespace. */
    static final List<String> ALLOWED_HEADERS = List.of(HttpHeaders.AUTHORIZATION, HttpHeaders.CONTENT_TYPE, "X-Namespace");

    private final boolean encrypted;
    private final List<String> origins;

    public CodecCors(PayloadEncryption encryption, TemporalCodecConfig config,
            @Value("${steward.temporal.ui-url:}") String uiUrl) {
        this.encrypted = encryption.isOn();
        this.origins = config.allowedOrigins() != null ? List.copyOf(config.allowedOrigins()) : originOf(uiUrl);
    }

    @Override
    public HttpServerConfiguration.CorsConfiguration onCreated(
            BeanCreatedEvent<HttpServerConfiguration.CorsConfiguration> event) {
        HttpServerConfiguration.CorsConfiguration cors = event.getBean();
        if (!encrypted || origins.isEmpty()) {
            return cors;
        }
        CorsOriginConfiguration temporalUi = new CorsOriginConfiguration();
        temporalUi.setAllowedOrigins(origins);
        temporalUi.setAllowedMethods(List.of(HttpMethod.POST));
        temporalUi.setAllowedHeaders(ALLOWED_HEADERS);
        temporalUi.setAllowCredentials(false);
        Map<String, CorsOriginConfiguration> configurations = new LinkedHashMap<>(cors.getConfigurations());
        configurations.put("temporal-ui", temporalUi);
        cors.setConfigurations(configurations);
        cors.setEnabled(true);
        return cors;
    }

    /** {@code scheme://host[:port]} of a URL; none for an empty one. */
    private static List<String> originOf(String url) {
        if (url.isBlank()) {
            return List.of();
        }
        URI uri = URI.create(url);
        return List.of(uri.getScheme() + "://" + uri.getRawAuthority());
    }
}
