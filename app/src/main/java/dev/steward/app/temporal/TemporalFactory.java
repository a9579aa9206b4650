package dev.steward.app.temporal;

import com.uber.m3.tally.RootScopeBuilder;
import com.uber.m3.tally.Scope;
import dev.steward.config.TemporalConfig;
import dev.steward.config.TemporalTlsConfig;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.reporter.MicrometerClientStatsReporter;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.testserver.TestServer;
import jakarta.inject.Singleton;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The Temporal connection: a configured cluster, or the Java test server started in this process. */
@Factory
public class TemporalFactory {

    private static final Logger log = LoggerFactory.getLogger(TemporalFactory.class);
    /** How often the SDK's metrics reach Micrometer (Temporal's samples use the same). */
    private static final int METRICS_REPORT_SECONDS = 10;

    /** The in-process server, when there is one; closed after the stubs that use it. */
    @Singleton
    @Bean(preDestroy = "close")
    TemporalEndpoint temporalEndpoint(TemporalConfig config, TemporalTlsConfig tls) {
        if (!config.inProcess()) {
            log.info("Temporal: using the cluster at {}, namespace {}{}{}", config.target(), config.namespace(),
                    tls.requested() || config.hasApiKey() ? ", over TLS" : "",
                    config.hasApiKey() ? ", with an API key" : "");
            return new TemporalEndpoint(null, config.target());
        }
        int port = config.localPort() == 0 ? freePort() : config.localPort();
        Closeable server = TestServer.createPortBoundServer(port, true);
        log.warn("Temporal: no TEMPORAL_ADDRESS set, started Temporal's Java test server in process on port {}. "
                + "It keeps history in memory only: workflows do not survive a restart. "
                + "Set TEMPORAL_ADDRESS to use a durable Temporal cluster.", port);
        return new TemporalEndpoint(server, "127.0.0.1:" + port);
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

    @Singleton
    WorkflowClient workflowClient(WorkflowServiceStubs stubs, TemporalConfig config, TemporalInterceptors interceptors) {
        return WorkflowClient.newInstance(stubs, WorkflowClientOptions.newBuilder()
                .setNamespace(config.namespace())
                .setInterceptors(interceptors.client())
                .build());
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port for the Temporal test server", e);
        }
    }

    /**
     * @param server the in-process test server, or {@code null} for a cluster
     * @param target where the frontend listens
     */
    public record TemporalEndpoint(Closeable server, String target) {

        public void close() throws IOException {
            if (server != null) {
                server.close();
            }
        }
    }
}
