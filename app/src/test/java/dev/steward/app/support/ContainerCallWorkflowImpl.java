package dev.steward.app.support;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerRequest;
import dev.steward.contract.ContainerState;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.workflow.Workflow;
import java.time.Duration;

/** Tries once, so a test sees the first failure instead of waiting out retries. */
public class ContainerCallWorkflowImpl implements ContainerCallWorkflow {

    @Override
    public ContainerState ensureContainer(String queue, ContainerRequest request, int scheduleToStartSeconds) {
        ContainerActivities containers = Workflow.newActivityStub(ContainerActivities.class, ActivityOptions.newBuilder()
                .setTaskQueue(queue)
                .setScheduleToStartTimeout(Duration.ofSeconds(scheduleToStartSeconds))
                .setStartToCloseTimeout(Duration.ofSeconds(15))
                .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                .build());
        return containers.ensureContainer(request);
    }
}
