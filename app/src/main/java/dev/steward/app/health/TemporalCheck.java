package dev.steward.app.health;

import dev.steward.app.temporal.NamespaceRegistration;
import io.grpc.StatusRuntimeException;
import io.micronaut.scheduling.TaskExecutors;
import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.client.WorkflowClient;
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
    private final String namespace;
    private final NamespaceRegistration registration;

    public TemporalCheck(WorkflowClient temporal, NamespaceRegistration registration,
            @Named(TaskExecutors.BLOCKING) ExecutorService blocking) {
        super("temporal", blocking);
        this.temporal = temporal.getWorkflowServiceStubs();
        this.namespace = temporal.getOptions().getNamespace();
        this.registration = registration;
    }

    @Override
    protected Verdict check() {
        try {
            temporal.blockingStub()
                    .withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS)
                    .describeNamespace(DescribeNamespaceRequest.newBuilder().setNamespace(namespace).build());
        } catch (StatusRuntimeException refused) {
            return Verdict.down("namespace " + namespace + " does not answer: " + refused.getStatus().getCode()
                    + (refused.getStatus().getDescription() == null ? "" : " (" + refused.getStatus().getDescription() + ")"));
        }
        return Verdict.up("namespace " + namespace + " answers; search attributes "
                + (registration.registered() ? "registered" : "not registered yet (see the log)"));
    }
}
