package dev.steward.app.bench;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** A part of the {@link FloorSessionWorkflow}: its pods in parallel, each through no-op activities. */
@WorkflowInterface
public interface FloorPartWorkflow {

    @WorkflowMethod
    void run(int pods);
}
