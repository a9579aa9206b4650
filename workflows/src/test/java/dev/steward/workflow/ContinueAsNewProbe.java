package dev.steward.workflow;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** A parent that starts one child with a given close policy and continues as new once; its child waits forever. */
@WorkflowInterface
public interface ContinueAsNewProbe {

    /** Marks the run that plays the child. */
    public int CHILD = -1;

    /** {@code run} 0 starts the child and continues as new into run 1, which returns at once. */
    @WorkflowMethod
    public String run(int run, String parentClosePolicy);
}
