package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * Where the container engine listens ({@code steward.engine.host}).
 *
 * <p>Unset, it is the {@code DOCKER_HOST} environment variable, else the local Docker socket.
 * Accepted forms are docker-java's: {@code unix:///path/to.sock} or {@code tcp://host:port} (TLS
 * through {@code DOCKER_TLS_VERIFY} and {@code DOCKER_CERT_PATH}).
 *
 * @param host the engine endpoint
 */
@ConfigurationProperties("steward.engine")
public record EngineConfig(@Nullable String host) {

    /** The endpoint used when neither the property nor {@code DOCKER_HOST} is set. */
    public static final String DEFAULT_HOST = "unix:///var/run/docker.sock";

    public EngineConfig {
        host = resolveHost(host, System.getenv("DOCKER_HOST"));
    }

    /** The configured host if set, else {@code dockerHostEnv} if set, else {@link #DEFAULT_HOST}. */
    public static String resolveHost(@Nullable String configured, @Nullable String dockerHostEnv) {
        if (configured != null && !configured.isBlank()) {
            return configured.strip();
        }
        if (dockerHostEnv != null && !dockerHostEnv.isBlank()) {
            return dockerHostEnv.strip();
        }
        return DEFAULT_HOST;
    }
}
