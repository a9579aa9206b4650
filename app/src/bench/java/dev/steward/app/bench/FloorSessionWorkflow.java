package dev.steward.app.bench;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * The Temporal floor: a workflow of a session's shape (two child parts of two pods, each pod placed,
 * created, started and recorded by an activity) whose activities do nothing. What it takes is what
 * Temporal alone costs a session on the same server and worker.
 */
@WorkflowInterface
public interface FloorSessionWorkflow {

    @WorkflowMethod
    void run(int parts, int podsPerPart);
}
