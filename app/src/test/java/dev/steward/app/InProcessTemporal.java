package dev.steward.app;

import dev.steward.app.temporal.TemporalFactory;
import dev.steward.config.TemporalConfig;
import dev.steward.config.TemporalTlsConfig;
import dev.steward.temporal.LocalTemporalServer;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Replaces;
import jakarta.inject.Singleton;
import java.io.Closeable;

/**
 * The tests' Temporal: without {@code temporal.target}, each application context runs its own Java test
 * server in process on a free port (the service itself never carries one); with it, the cluster named.
 */
@Factory
public class InProcessTemporal {

    @Singleton
    @Bean(preDestroy = "close")
    @Replaces(value = TemporalFactory.TemporalEndpoint.class, factory = TemporalFactory.class)
    TemporalFactory.TemporalEndpoint temporalEndpoint(TemporalConfig config, TemporalTlsConfig tls) {
        if (config.hasTarget()) {
            return TemporalFactory.cluster(config, tls);
        }
        int port = Ports.free();
        Closeable server = LocalTemporalServer.start(port);
        return new TemporalFactory.TemporalEndpoint(server, "127.0.0.1:" + port);
    }
}
