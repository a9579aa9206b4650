package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.transport.DockerHttpClient;
import com.github.dockerjava.transport.SSLConfig;
import dev.steward.config.HostsConfig;
import dev.steward.contract.HostActivities;
import dev.steward.model.HostTls;
import dev.steward.store.HostRepository;
import dev.steward.store.HostRow;
import dev.steward.telemetry.MeteredEngineTransport;
import io.micrometer.core.instrument.MeterRegistry;
import io.temporal.failure.ApplicationFailure;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine of every registered host, one client pair per host, made from the host's row and
 * kept until the host's endpoint or TLS settings change or the host is removed. Each call reads
 * the row, so a change made by another Steward process is seen at the next call; while PostgreSQL
 * cannot be read, a host keeps the clients it has, so an outage of the database is not one of the engines.
 */
@Singleton
public class EngineRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(EngineRegistry.class);

    private final HostRepository hosts;
    private final HostsConfig config;
    private final MeterRegistry registry;
    private final ConcurrentMap<String, Engine> engines = new ConcurrentHashMap<>();

    public EngineRegistry(HostRepository hosts, HostsConfig config, MeterRegistry registry) {
        this.hosts = hosts;
        this.config = config;
        this.registry = registry;
    }

    /**
     * For container calls: no response timeout, so a long stop or an event stream is not cut off.
     *
     * @throws EngineUnavailableException when no client can be made from the host's settings
     */
    public DockerClient client(String host) {
        return engine(host).client();
    }

    /** For probes: connecting and every answer are bounded by {@code steward.hosts.probe-timeout}. */
    public DockerClient probeClient(String host) {
        return engine(host).probeClient();
    }

    /** Closes the host's clients, if any; the next call makes new ones. */
    public void forget(String host) {
        Engine engine = engines.remove(host);
        if (engine != null) {
            engine.close();
        }
    }

    @PreDestroy
    void closeAll() {
        engines.keySet().forEach(this::forget);
    }

    private Engine engine(String name) {
        HostRow row;
        try {
            row = hosts.findById(name).orElse(null);
        } catch (RuntimeException unreadable) {
            Engine known = engines.get(name);
            if (known == null) {
                throw unreadable;
            }
            return known;
        }
        if (row == null) {
            forget(name);
            throw ApplicationFailure.newNonRetryableFailure("host " + name + " is not registered",
                    HostActivities.UNKNOWN_HOST);
        }
        Connection wanted = new Connection(row.endpoint(), row.tls());
        return engines.compute(name, (key, current) -> {
            if (current != null && current.connection().equals(wanted)) {
                return current;
            }
            if (current != null) {
                // Calls still running on the old clients fail and are retried on the new ones.
                LOG.info("host {} changed its endpoint or TLS settings; reconnecting", name);
                current.close();
            }
            return open(name, wanted);
        });
    }

    private Engine open(String name, Connection connection) {
        try {
            SSLConfig ssl = sslConfig(connection.tls());
            UnaryOperator<DockerHttpClient> metered = transport -> new MeteredEngineTransport(transport, registry, name);
            return new Engine(connection,
                    DockerClientFactory.create(connection.endpoint(), ssl, DockerClientFactory.CONNECT_TIMEOUT, false,
                            metered),
                    DockerClientFactory.create(connection.endpoint(), ssl, config.probeTimeout(), true, metered));
        } catch (RuntimeException e) {
            throw new EngineUnavailableException("cannot connect to " + connection.endpoint() + ": " + e.getMessage(), e);
        }
    }

    private SSLConfig sslConfig(HostTls tls) {
        if (tls == null) {
            return null;
        }
        if (tls.secretRef() != null) {
            String[] ref = tls.secretRef().split("/", 2);
            return PemFilesSslConfig.inDirectory(Path.of(config.secretDir(), ref[0], ref[1]));
        }
        return new PemFilesSslConfig(Path.of(tls.caPath()), Path.of(tls.certPath()), Path.of(tls.keyPath()));
    }

    /** What a client is made from: a host whose connection is unchanged keeps its clients. */
    private record Connection(String endpoint, HostTls tls) {

        Connection {
            Objects.requireNonNull(endpoint);
        }
    }

    private record Engine(Connection connection, DockerClient client, DockerClient probeClient) {

        void close() {
            for (DockerClient c : new DockerClient[] {client, probeClient}) {
                try {
                    c.close();
                } catch (IOException e) {
                    LOG.debug("closing an engine client failed", e);
                }
            }
        }
    }
}
