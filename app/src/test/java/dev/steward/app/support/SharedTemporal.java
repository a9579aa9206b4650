package dev.steward.app.support;

import dev.steward.app.temporal.TemporalFactory;
import dev.steward.config.TemporalConfig;
import dev.steward.config.TemporalTlsConfig;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Replaces;
import jakarta.inject.Singleton;

/**
 * The tests' Temporal: without {@code temporal.target}, the real server this JVM's tests share
 * ({@link TemporalDevServer#shared()}), each application context in its deployment's own namespace;
 * with it, the cluster named.
 */
@Factory
public class SharedTemporal {

    @Singleton
    @Replaces(value = TemporalFactory.TemporalEndpoint.class, factory = TemporalFactory.class)
    TemporalFactory.TemporalEndpoint temporalEndpoint(TemporalConfig config, TemporalTlsConfig tls) {
        if (config.hasTarget()) {
            return TemporalFactory.cluster(config, tls);
        }
        return new TemporalFactory.TemporalEndpoint(TemporalDevServer.shared().address());
    }
}
