package dev.steward.workflow;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** One per host, id {@code host-{name}}: relays engine events to part workflows and resyncs the host. */
@WorkflowInterface
public interface HostWorkflow {

    /** Runs for as long as the host exists, continuing as new to keep its history short. */
    @WorkflowMethod
    void run(HostInput input);
}
