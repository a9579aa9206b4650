package dev.steward.app.support;

import dev.steward.contract.ContainerRequest;
import dev.steward.contract.ContainerState;
import dev.steward.contract.WorkflowIds;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.worker.WorkerFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The tests' own workflows on a task queue of their own: {@link ContainerCallWorkflow} and
 * {@link PartStandIn}. Closing terminates the stand-ins it started and stops its worker.
 */
public final class TestWorkflows implements AutoCloseable {

    private final WorkflowClient temporal;
    private final String queue = "it-" + UUID.randomUUID();
    private final WorkerFactory factory;
    private final List<String> standIns = new ArrayList<>();

    public TestWorkflows(WorkflowClient temporal) {
        this.temporal = temporal;
        factory = WorkerFactory.newInstance(temporal);
        factory.newWorker(queue).registerWorkflowImplementationTypes(ContainerCallWorkflowImpl.class,
                PartStandInImpl.class);
        factory.start();
    }

    /** Runs {@code request} on {@code hostQueue} through a workflow, as a part would. */
    public ContainerState ensureContainer(String hostQueue, ContainerRequest request, int scheduleToStartSeconds) {
        ContainerCallWorkflow call = temporal.newWorkflowStub(ContainerCallWorkflow.class, WorkflowOptions.newBuilder()
                .setWorkflowId("it-container-call-" + UUID.randomUUID())
                .setTaskQueue(queue)
                .build());
        return call.ensureContainer(hostQueue, request, scheduleToStartSeconds);
    }

    /** Starts a stand-in under the id of the session's part workflow. */
    public PartStandIn partStandIn(UUID sessionId, String part) {
        String id = WorkflowIds.part(sessionId, part);
        PartStandIn standIn = temporal.newWorkflowStub(PartStandIn.class, WorkflowOptions.newBuilder()
                .setWorkflowId(id)
                .setTaskQueue(queue)
                .build());
        WorkflowClient.start(standIn::run);
        standIns.add(id);
        return standIn;
    }

    /** The status of the workflow's latest run, or {@code null} when none has that id. */
    public WorkflowExecutionStatus status(String workflowId) {
        DescribeWorkflowExecutionRequest request = DescribeWorkflowExecutionRequest.newBuilder()
                .setNamespace(temporal.getOptions().getNamespace())
                .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId))
                .build();
        try {
            return temporal.getWorkflowServiceStubs().blockingStub().describeWorkflowExecution(request)
                    .getWorkflowExecutionInfo().getStatus();
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.NOT_FOUND) {
                return null;
            }
            throw e;
        }
    }

    @Override
    public void close() {
        for (String id : standIns) {
            try {
                temporal.newUntypedWorkflowStub(id).terminate("test over");
            } catch (WorkflowNotFoundException ended) {
                // nothing to end
            }
        }
        factory.shutdownNow();
    }
}
