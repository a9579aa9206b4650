package dev.steward.workflow.host;

import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One per host, id {@code host-{name}}: probes the host's engine on an interval, tells the parts
 * placed on it when it stops taking pods, relays its engine's events to part workflows and resyncs it.
 */
@WorkflowInterface
public interface HostWorkflow {

    /** Runs for as long as the host exists, continuing as new to keep its history short. */
    @WorkflowMethod
    void run(HostInput input);

    /**
     * The settings of a worker process that started the workflow or found it running: probe
     * interval, grace period and resync interval apply from the next probe on, event relaying from
     * the next run. The host it names is this workflow's.
     */
    @SignalMethod
    void configure(HostInput settings);

    /** Probes at once: the operator changed the host, or someone wants its status now. */
    @SignalMethod
    void checkNow();
}
