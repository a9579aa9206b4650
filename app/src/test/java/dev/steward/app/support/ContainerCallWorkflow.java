package dev.steward.app.support;

import dev.steward.contract.ContainerRequest;
import dev.steward.contract.ContainerState;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** Calls a container activity on a chosen task queue, as a part workflow reaches a host's engine. */
@WorkflowInterface
public interface ContainerCallWorkflow {

    /**
     * @param queue the task queue the activity is scheduled on
     * @param scheduleToStartSeconds how long the activity may wait for a worker to pick it up
     */
    @WorkflowMethod
    ContainerState ensureContainer(String queue, ContainerRequest request, int scheduleToStartSeconds);
}
