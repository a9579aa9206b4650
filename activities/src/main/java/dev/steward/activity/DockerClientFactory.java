package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.httpclient5.ApacheDockerHttpClient;
import com.github.dockerjava.transport.DockerHttpClient;
import com.github.dockerjava.transport.SSLConfig;
import dev.steward.config.EngineConfig;
import dev.steward.telemetry.MeteredEngineTransport;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * Makes the one {@link DockerClient} of the process, for the engine {@link EngineConfig} names.
 *
 * <p>The API version is not pinned: docker-java then calls the unversioned paths, which the engine
 * serves at its own current version (Docker and Podman's compat API both do), so neither an old
 * Podman nor a Docker that raised its minimum API version is refused. No response timeout is set,
 * so long-running calls (stop with a long grace period, the event stream) are not cut off by the
 * transport; the activity's own timeouts bound them.
 */
@Factory
public class DockerClientFactory {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    static final int MAX_CONNECTIONS = 50;

    /** Its calls are measured, where there is a meter registry, as the local host's ({@code steward.hosts.local-name}). */
    @Singleton
    @Bean(preDestroy = "close")
    public DockerClient dockerClient(EngineConfig config, @Value("${steward.hosts.local-name:local}") String localName,
            @Nullable MeterRegistry registry) {
        return create(config.host(), registry == null ? UnaryOperator.identity()
                : transport -> new MeteredEngineTransport(transport, registry, localName));
    }

    /** A client for {@code host}, outside any bean context (tests, tools). The caller closes it. */
    public static DockerClient create(String host) {
        return create(host, UnaryOperator.identity());
    }

    private static DockerClient create(String host, UnaryOperator<DockerHttpClient> transport) {
        DockerClientConfig clientConfig = DefaultDockerClientConfig.createDefaultConfigBuilder()
                .withDockerHost(host)
                .build();
        return create(clientConfig, clientConfig.getSSLConfig(), CONNECT_TIMEOUT, null, transport);
    }

    /**
     * A client for one registered host: its endpoint and TLS only, nothing from the environment.
     *
     * @param ssl the TLS settings of a {@code tcp://} endpoint, or {@code null} for none
     * @param timeout bounds connecting and, when {@code boundResponses}, every response too (for probes)
     */
    public static DockerClient create(String endpoint, SSLConfig ssl, Duration timeout, boolean boundResponses) {
        return create(endpoint, ssl, timeout, boundResponses, UnaryOperator.identity());
    }

    /** As above, with every call going through {@code transport}'s wrapper of the HTTP client (metrics). */
    public static DockerClient create(String endpoint, SSLConfig ssl, Duration timeout, boolean boundResponses,
            UnaryOperator<DockerHttpClient> transport) {
        DockerClientConfig clientConfig = DefaultDockerClientConfig.createDefaultConfigBuilder()
                .withDockerHost(endpoint)
                .withDockerTlsVerify(false)
                .build();
        return create(clientConfig, ssl, timeout, boundResponses ? timeout : null, transport);
    }

    private static DockerClient create(DockerClientConfig clientConfig, SSLConfig ssl, Duration connectTimeout,
            Duration responseTimeout, UnaryOperator<DockerHttpClient> transport) {
        var builder = new ApacheDockerHttpClient.Builder()
                .dockerHost(clientConfig.getDockerHost())
                .sslConfig(ssl)
                .maxConnections(MAX_CONNECTIONS)
                .connectionTimeout(connectTimeout);
        if (responseTimeout != null) {
            builder = builder.responseTimeout(responseTimeout);
        }
        return DockerClientImpl.getInstance(clientConfig, transport.apply(builder.build()));
    }
}
