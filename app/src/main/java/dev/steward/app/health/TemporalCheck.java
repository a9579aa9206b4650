package dev.steward.app.health;

import dev.steward.app.temporal.SearchAttributeRegistration;
import dev.steward.config.TemporalConfig;
import io.grpc.StatusRuntimeException;
import io.micronaut.scheduling.TaskExecutors;
import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/** Temporal answers for Steward's namespace within {@link #DEADLINE_SECONDS}. */
@Singleton
public class TemporalCheck extends ReadinessCheck {

    private static final int DEADLINE_SECONDS = 3;

    private final WorkflowServiceStubs temporal;
    private final TemporalConfig config;
    private final SearchAttributeRegistration searchAttributes;

    public TemporalCheck(WorkflowServiceStubs temporal, TemporalConfig config,
            SearchAttributeRegistration searchAttributes, @Named(TaskExecutors.BLOCKING) ExecutorService blocking) {
        super("temporal", blocking);
        this.temporal = temporal;
        this.config = config;
        this.searchAttributes = searchAttributes;
    }

    @Override
    protected Verdict check() {
        try {
            temporal.blockingStub()
                    .withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS)
                    .describeNamespace(DescribeNamespaceRequest.newBuilder().setNamespace(config.namespace()).build());
        } catch (StatusRuntimeException refused) {
            return Verdict.down("namespace " + config.namespace() + " does not answer: " + refused.getStatus().getCode()
                    + (refused.getStatus().getDescription() == null ? "" : " (" + refused.getStatus().getDescription() + ")"));
        }
        return Verdict.up("namespace " + config.namespace() + " answers; search attributes "
                + (searchAttributes.registered() ? "registered" : "not registered yet (see the log)"));
    }
}
