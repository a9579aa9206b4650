package dev.steward.app.temporal;

import com.uber.m3.tally.RootScopeBuilder;
import com.uber.m3.tally.Scope;
import dev.steward.config.ReconcileConfig;
import dev.steward.config.TemporalConfig;
import dev.steward.config.TemporalTlsConfig;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.exceptions.ConfigurationException;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.converter.CodecDataConverter;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.reporter.MicrometerClientStatsReporter;
import io.temporal.serviceclient.WorkflowServiceStubs;
import jakarta.inject.Singleton;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The Temporal connection: the frontend named by {@code temporal.target}. */
@Factory
public class TemporalFactory {

    private static final Logger log = LoggerFactory.getLogger(TemporalFactory.class);
    /** How often the SDK's metrics reach Micrometer (Temporal's samples use the same). */
    private static final int METRICS_REPORT_SECONDS = 10;

    /** The configured frontend; without one the service does not start (it keeps no Temporal of its own). */
    @Singleton
    TemporalEndpoint temporalEndpoint(TemporalConfig config, TemporalTlsConfig tls) {
        return cluster(config, tls);
    }

    /** @throws ConfigurationException when no frontend is configured */
    public static TemporalEndpoint cluster(TemporalConfig config, TemporalTlsConfig tls) {
        if (!config.hasTarget()) {
            throw new ConfigurationException("TEMPORAL_ADDRESS is not set: set it to a Temporal frontend (host:port);"
                    + " ./steward up starts a local Temporal server and sets it");
        }
        log.info("Temporal: using the cluster at {}{}{}", config.target(),
                tls.requested() || config.hasApiKey() ? ", over TLS" : "",
                config.hasApiKey() ? ", with an API key" : "");
        return new TemporalEndpoint(config.target());
    }

    /** The SDK's own metrics (requests, polls, workflow and activity latencies), reported into Micrometer. */
    @Singleton
    @Bean(preDestroy = "close")
    Scope temporalMetrics(MeterRegistry registry) {
        return new RootScopeBuilder()
                .reporter(new MicrometerClientStatsReporter(registry))
                .reportEvery(com.uber.m3.util.Duration.ofSeconds(METRICS_REPORT_SECONDS));
    }

    @Singleton
    @Bean(preDestroy = "shutdown")
    WorkflowServiceStubs workflowServiceStubs(TemporalEndpoint temporal, TemporalConfig config, TemporalTlsConfig tls,
            Scope metrics) {
        return WorkflowServiceStubs.newServiceStubs(TemporalConnection.options(temporal, config, tls, metrics));
    }

    /** The client's and so the workers' converter: the SDK's own, its payloads encrypted when a key is set. */
    @Singleton
    DataConverter dataConverter(PayloadEncryption encryption) {
        DataConverter json = PooledJsonConverter.create();
        if (!encryption.isOn()) {
            return json;
        }
        log.info("Temporal: payloads are encrypted (steward.temporal.codec)");
        return new CodecDataConverter(json, List.of(encryption));
    }

    @Singleton
    WorkflowClient workflowClient(WorkflowServiceStubs stubs, TemporalConfig config, ReconcileConfig reconcile,
            TemporalInterceptors interceptors, DataConverter converter) {
        String namespace = config.namespaceOr(reconcile.settings().deployment());
        log.info("Temporal: namespace {}", namespace);
        return WorkflowClient.newInstance(stubs, WorkflowClientOptions.newBuilder()
                .setNamespace(namespace)
                .setInterceptors(interceptors.client())
                .setDataConverter(converter)
                .build());
    }

    /** @param target where the frontend listens (tests replace it with their own server's) */
    public record TemporalEndpoint(String target) {}
}
