package dev.steward.app.temporal;

import com.uber.m3.tally.Scope;
import dev.steward.config.TemporalConfig;
import dev.steward.config.TemporalTlsConfig;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * How this process reaches Temporal: the frontend's address, TLS (mutual with a client certificate,
 * or server-only), an API key for Temporal Cloud, and the metrics scope the SDK reports into.
 */
final class TemporalConnection {

    private TemporalConnection() {}

    static WorkflowServiceStubsOptions options(TemporalFactory.TemporalEndpoint endpoint, TemporalConfig config,
            TemporalTlsConfig tls, Scope metrics) {
        WorkflowServiceStubsOptions.Builder options = WorkflowServiceStubsOptions.newBuilder()
                .setTarget(endpoint.target())
                .setMetricsScope(metrics);
        if (tls.requested() || config.hasApiKey()) {
            options.setSslContext(sslContext(tls));
        }
        if (tls.hasServerName()) {
            options.setChannelInitializer(channel -> channel.overrideAuthority(tls.serverName()));
        }
        if (config.hasApiKey()) {
            String apiKey = config.apiKey();
            options.addApiKey(() -> apiKey);
        }
        return options.build();
    }

    private static SslContext sslContext(TemporalTlsConfig tls) {
        if (tls.hasClientCertificate() && (tls.cert() == null || tls.key() == null)) {
            throw new IllegalStateException("temporal.tls.cert and temporal.tls.key (TEMPORAL_TLS_CERT, "
                    + "TEMPORAL_TLS_KEY) name the client certificate and its key: set both or neither");
        }
        SslContextBuilder builder = GrpcSslContexts.forClient();
        if (tls.hasClientCertificate()) {
            builder.keyManager(new File(tls.cert()), new File(tls.key()));
        }
        if (tls.hasCa()) {
            builder.trustManager(new File(tls.ca()));
        }
        try {
            return builder.build();
        } catch (IOException e) {
            throw new UncheckedIOException("the Temporal TLS files cannot be read: " + e.getMessage(), e);
        }
    }
}
