package dev.steward.app.temporal;

import dev.steward.config.RetentionConfig;
import dev.steward.telemetry.FailureEpisodes;
import dev.steward.workflow.session.SessionSearchAttributes;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.api.operatorservice.v1.AddSearchAttributesRequest;
import io.temporal.api.operatorservice.v1.ListSearchAttributesRequest;
import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.api.workflowservice.v1.RegisterNamespaceRequest;
import io.temporal.api.workflowservice.v1.WorkflowServiceGrpc.WorkflowServiceBlockingStub;
import io.temporal.client.WorkflowClient;
import io.temporal.common.SearchAttributeKey;
import io.temporal.serviceclient.OperatorServiceStubs;
import io.temporal.serviceclient.OperatorServiceStubsOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers what this deployment needs on Temporal and lacks: its namespace (each deployment has its
 * own, so two deployments on one Temporal never run each other's workflows), kept as long as ended
 * sessions' rows ({@code steward.retention.ended-sessions}), then the session search attributes in it.
 * Tried at startup and, while Temporal does not answer or refuses, again in the background, waiting twice
 * as long each time up to a minute; a failing stretch is logged once. Where this connection lacks the
 * rights (Temporal Cloud, a restricted role), the log names the commands that create them by hand.
 */
@Singleton
public class NamespaceRegistration {

    private static final Logger LOG = LoggerFactory.getLogger(NamespaceRegistration.class);
    private static final Duration CALL_DEADLINE = Duration.ofSeconds(10);
    /** A namespace just registered is unknown to the server's other calls until its caches see it. */
    private static final Duration USABLE_DEADLINE = Duration.ofSeconds(30);
    private static final long USABLE_POLL_MILLIS = 100;

    private final WorkflowServiceStubs workflowService;
    private final OperatorServiceStubs operator;
    private final String namespace;
    private final Duration retention;
    private final BackgroundRetry registration;

    public NamespaceRegistration(WorkflowClient client, RetentionConfig retention,
            @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler) {
        WorkflowServiceStubs stubs = client.getWorkflowServiceStubs();
        this.workflowService = stubs;
        this.operator = OperatorServiceStubs.newServiceStubs(
                OperatorServiceStubsOptions.newBuilder(stubs.getOptions()).validateAndBuildWithDefaults());
        this.namespace = client.getOptions().getNamespace();
        this.retention = retention.endedSessions();
        this.registration = new BackgroundRetry(scheduler, new FailureEpisodes(LOG),
                "Temporal: registering namespace " + namespace + " and its search attributes " + names(),
                this::ensure, this::advice);
    }

    @EventListener
    void onStartup(StartupEvent event) {
        registration.run();
    }

    /** Whether the namespace and its attributes are known to exist: sessions can start. */
    public boolean registered() {
        return registration.done();
    }

    /**
     * Registers the namespace and the attributes now if Temporal lacks them, as before looking for
     * workflows a Temporal may have lost with everything else. Throws what Temporal threw.
     */
    public void ensure() {
        ensureNamespace();
        ensureSearchAttributes();
    }

    /**
     * Registers the namespace if Temporal lacks it, and returns once every call of Temporal's knows it.
     * Throws what Temporal threw.
     */
    public void ensureNamespace() {
        WorkflowServiceBlockingStub calls = workflowService.blockingStub()
                .withDeadlineAfter(CALL_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
        try {
            calls.describeNamespace(DescribeNamespaceRequest.newBuilder().setNamespace(namespace).build());
        } catch (StatusRuntimeException missing) {
            if (missing.getStatus().getCode() != Status.Code.NOT_FOUND) {
                throw missing;
            }
            register(calls);
        }
        awaitUsable();
    }

    private void register(WorkflowServiceBlockingStub calls) {
        try {
            calls.registerNamespace(RegisterNamespaceRequest.newBuilder()
                    .setNamespace(namespace)
                    .setDescription("Steward deployment " + namespace)
                    .setWorkflowExecutionRetentionPeriod(com.google.protobuf.util.Durations.fromMillis(retention.toMillis()))
                    .build());
            LOG.info("Temporal: registered namespace {} (ended workflows kept {} days)", namespace, retention.toDays());
        } catch (StatusRuntimeException refused) {
            if (refused.getStatus().getCode() != Status.Code.ALREADY_EXISTS) {
                throw refused;
            }
        }
    }

    /** Polls a call that goes through the server's namespace cache until it stops answering NOT_FOUND. */
    private void awaitUsable() {
        long deadline = System.nanoTime() + USABLE_DEADLINE.toNanos();
        while (true) {
            try {
                listSearchAttributes();
                return;
            } catch (StatusRuntimeException unknown) {
                if (unknown.getStatus().getCode() != Status.Code.NOT_FOUND || System.nanoTime() > deadline) {
                    throw unknown;
                }
            }
            try {
                Thread.sleep(USABLE_POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while namespace " + namespace + " became usable", e);
            }
        }
    }

    private Map<String, IndexedValueType> listSearchAttributes() {
        return operator.blockingStub().withDeadlineAfter(CALL_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
                .listSearchAttributes(ListSearchAttributesRequest.newBuilder().setNamespace(namespace).build())
                .getCustomAttributesMap();
    }

    private void ensureSearchAttributes() {
        Map<String, IndexedValueType> existing = listSearchAttributes();
        AddSearchAttributesRequest.Builder request = AddSearchAttributesRequest.newBuilder().setNamespace(namespace);
        SessionSearchAttributes.ALL.stream()
                .filter(key -> !existing.containsKey(key.getName()))
                .forEach(key -> request.putSearchAttributes(key.getName(), key.getValueType()));
        if (request.getSearchAttributesCount() == 0) {
            return;
        }
        try {
            operator.blockingStub().withDeadlineAfter(CALL_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
                    .addSearchAttributes(request.build());
            LOG.info("Temporal: registered search attributes {} in namespace {}",
                    request.getSearchAttributesMap().keySet(), namespace);
        } catch (StatusRuntimeException refused) {
            if (refused.getStatus().getCode() != Status.Code.ALREADY_EXISTS) {
                throw refused;
            }
        }
    }

    private String advice(RuntimeException failure) {
        Status.Code code = failure instanceof StatusRuntimeException refused ? refused.getStatus().getCode() : null;
        String cannotStart = "sessions cannot start until they exist";
        if (code != Status.Code.PERMISSION_DENIED && code != Status.Code.UNAUTHENTICATED) {
            return cannotStart;
        }
        StringBuilder commands = new StringBuilder(cannotStart).append("; this connection may not add them, create"
                + " them once: temporal operator namespace create --namespace ").append(namespace).append(';');
        for (SearchAttributeKey<?> key : SessionSearchAttributes.ALL) {
            commands.append(" temporal operator search-attribute create --namespace ").append(namespace)
                    .append(" --name ").append(key.getName()).append(" --type ").append(cliType(key.getValueType()))
                    .append(';');
        }
        return commands.toString();
    }

    /** The CLI's name of a search attribute type: INDEXED_VALUE_TYPE_KEYWORD_LIST is KeywordList. */
    public static String cliType(IndexedValueType type) {
        StringBuilder name = new StringBuilder();
        for (String word : type.name().substring("INDEXED_VALUE_TYPE_".length()).split("_")) {
            name.append(word.charAt(0)).append(word.substring(1).toLowerCase(java.util.Locale.ROOT));
        }
        return name.toString();
    }

    private static List<String> names() {
        return SessionSearchAttributes.ALL.stream().map(SearchAttributeKey::getName).toList();
    }

    @PreDestroy
    void stop() {
        registration.cancel();
        operator.shutdown();
    }
}
