package dev.steward.app.temporal;

import dev.steward.config.TemporalConfig;
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
import io.temporal.api.operatorservice.v1.OperatorServiceGrpc.OperatorServiceBlockingStub;
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
import org.slf4j.LoggerFactory;

/**
 * Registers the session search attributes the namespace lacks: a session workflow cannot start
 * without them. Tried at startup and, while Temporal does not answer or refuses, again in the
 * background, waiting twice as long each time up to a minute; a failing stretch is logged once. Where
 * this connection lacks the rights (Temporal Cloud, a restricted role), the log names the command
 * that creates them by hand (see README).
 */
@Singleton
public class SearchAttributeRegistration {

    private static final Duration CALL_DEADLINE = Duration.ofSeconds(10);

    private final OperatorServiceStubs operator;
    private final String namespace;
    private final BackgroundRetry registration;

    public SearchAttributeRegistration(WorkflowServiceStubs stubs, TemporalConfig config,
            @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler) {
        this.operator = OperatorServiceStubs.newServiceStubs(
                OperatorServiceStubsOptions.newBuilder(stubs.getOptions()).validateAndBuildWithDefaults());
        this.namespace = config.namespace();
        this.registration = new BackgroundRetry(scheduler,
                new FailureEpisodes(LoggerFactory.getLogger(SearchAttributeRegistration.class)),
                "Temporal: registering the search attributes " + names() + " in namespace " + namespace,
                this::register, this::advice);
    }

    @EventListener
    void onStartup(StartupEvent event) {
        registration.run();
    }

    /** Whether the attributes are known to exist: sessions can start. */
    public boolean registered() {
        return registration.done();
    }

    /**
     * Registers the attributes now if the namespace lacks them, as before resuming workflows on a Temporal
     * that may have lost them with everything else (a restarted test server). Throws what Temporal threw.
     */
    public void ensure() {
        register();
    }

    private void register() {
        OperatorServiceBlockingStub calls =
                operator.blockingStub().withDeadlineAfter(CALL_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
        Map<String, IndexedValueType> existing = existing(calls);
        AddSearchAttributesRequest.Builder request = AddSearchAttributesRequest.newBuilder().setNamespace(namespace);
        SessionSearchAttributes.ALL.stream()
                .filter(key -> !existing.containsKey(key.getName()))
                .forEach(key -> request.putSearchAttributes(key.getName(), SessionSearchAttributes.TYPE));
        if (request.getSearchAttributesCount() == 0) {
            return;
        }
        try {
            calls.addSearchAttributes(request.build());
            LoggerFactory.getLogger(SearchAttributeRegistration.class).info(
                    "Temporal: registered search attributes {} in namespace {}",
                    request.getSearchAttributesMap().keySet(), namespace);
        } catch (StatusRuntimeException refused) {
            if (refused.getStatus().getCode() != Status.Code.ALREADY_EXISTS) {
                throw refused;
            }
        }
    }

    /** The custom attributes the namespace has; none known when the server cannot list them (the test server). */
    private Map<String, IndexedValueType> existing(OperatorServiceBlockingStub calls) {
        try {
            return calls.listSearchAttributes(ListSearchAttributesRequest.newBuilder().setNamespace(namespace).build())
                    .getCustomAttributesMap();
        } catch (StatusRuntimeException unlisted) {
            if (unlisted.getStatus().getCode() == Status.Code.UNIMPLEMENTED) {
                return Map.of();
            }
            throw unlisted;
        }
    }

    private String advice(RuntimeException failure) {
        Status.Code code = failure instanceof StatusRuntimeException refused ? refused.getStatus().getCode() : null;
        String cannotStart = "sessions cannot start until they exist";
        if (code != Status.Code.PERMISSION_DENIED && code != Status.Code.UNAUTHENTICATED) {
            return cannotStart;
        }
        StringBuilder commands = new StringBuilder(cannotStart).append("; this connection may not add them, create"
                + " them once per namespace:");
        for (String name : names()) {
            commands.append(" temporal operator search-attribute create --namespace ").append(namespace)
                    .append(" --name ").append(name).append(" --type Keyword;");
        }
        return commands.toString();
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
