package dev.steward.app.temporal;

import dev.steward.config.TemporalConfig;
import dev.steward.workflow.session.SessionSearchAttributes;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.api.operatorservice.v1.AddSearchAttributesRequest;
import io.temporal.api.operatorservice.v1.ListSearchAttributesRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.SearchAttributeKey;
import io.temporal.serviceclient.OperatorServiceStubs;
import io.temporal.serviceclient.OperatorServiceStubsOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import jakarta.inject.Singleton;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The Temporal connection: a configured cluster, or the Java test server started in this process. */
@Factory
public class TemporalFactory {

    private static final Logger log = LoggerFactory.getLogger(TemporalFactory.class);

    /** The in-process server, when there is one; closed after the stubs that use it. */
    @Singleton
    @Bean(preDestroy = "close")
    TemporalEndpoint temporalEndpoint(TemporalConfig config) {
        if (!config.inProcess()) {
            log.info("Temporal: using the cluster at {}, namespace {}", config.target(), config.namespace());
            return new TemporalEndpoint(null, config.target());
        }
        int port = config.localPort() == 0 ? freePort() : config.localPort();
        Closeable server = TestServer.createPortBoundServer(port, true);
        log.warn("Temporal: no TEMPORAL_ADDRESS set, started Temporal's Java test server in process on port {}. "
                + "It keeps history in memory only: workflows do not survive a restart. "
                + "Set TEMPORAL_ADDRESS to use a durable Temporal cluster.", port);
        return new TemporalEndpoint(server, "127.0.0.1:" + port);
    }

    @Singleton
    @Bean(preDestroy = "shutdown")
    WorkflowServiceStubs workflowServiceStubs(TemporalEndpoint temporal, TemporalConfig config) {
        registerSearchAttributes(temporal.target(), config.namespace());
        return WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget(temporal.target()).build());
    }

    /**
     * Registers the session search attributes the namespace lacks: a session workflow cannot start
     * without them. The in-process server starts empty; on a cluster this needs operator rights, and
     * when it is refused the attributes must be created by hand (see README).
     */
    private static void registerSearchAttributes(String target, String namespace) {
        OperatorServiceStubs operator = OperatorServiceStubs.newServiceStubs(
                OperatorServiceStubsOptions.newBuilder().setTarget(target).validateAndBuildWithDefaults());
        try {
            Map<String, IndexedValueType> existing = existingSearchAttributes(operator, namespace);
            AddSearchAttributesRequest.Builder request = AddSearchAttributesRequest.newBuilder().setNamespace(namespace);
            SessionSearchAttributes.ALL.stream()
                    .filter(key -> !existing.containsKey(key.getName()))
                    .forEach(key -> request.putSearchAttributes(key.getName(), SessionSearchAttributes.TYPE));
            if (request.getSearchAttributesCount() > 0) {
                operator.blockingStub().addSearchAttributes(request.build());
                log.info("Temporal: registered search attributes {} in namespace {}",
                        request.getSearchAttributesMap().keySet(), namespace);
            }
        } catch (StatusRuntimeException refused) {
            if (refused.getStatus().getCode() == Status.Code.ALREADY_EXISTS) {
                return;
            }
            log.warn("Temporal: could not check or register the search attributes {} in namespace {} ({}); "
                    + "sessions cannot start until they exist", SessionSearchAttributes.ALL.stream()
                    .map(SearchAttributeKey::getName).toList(), namespace, refused.getStatus());
        } finally {
            operator.shutdown();
        }
    }

    @Singleton
    WorkflowClient workflowClient(WorkflowServiceStubs stubs, TemporalConfig config) {
        return WorkflowClient.newInstance(stubs,
                WorkflowClientOptions.newBuilder().setNamespace(config.namespace()).build());
    }

    /** The custom attributes the namespace has; none known when the server cannot list them (the test server). */
    private static Map<String, IndexedValueType> existingSearchAttributes(OperatorServiceStubs operator, String namespace) {
        try {
            return operator.blockingStub()
                    .listSearchAttributes(ListSearchAttributesRequest.newBuilder().setNamespace(namespace).build())
                    .getCustomAttributesMap();
        } catch (StatusRuntimeException unlisted) {
            if (unlisted.getStatus().getCode() == Status.Code.UNIMPLEMENTED) {
                return Map.of();
            }
            throw unlisted;
        }
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
