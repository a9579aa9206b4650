package dev.steward.activity;

import dev.steward.workflow.PartWorkflow;
import dev.steward.workflow.WorkflowIds;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import jakarta.inject.Singleton;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Signals part workflows. A part whose workflow has ended (or never ran in this namespace) is
 * skipped: each method says whether the part was told. Any other failure to reach Temporal
 * propagates, so the activity that signals is retried.
 */
@Singleton
public class PartSignals {

    private final WorkflowClient temporal;

    public PartSignals(WorkflowClient temporal) {
        this.temporal = temporal;
    }

    public boolean reconcileNow(UUID sessionId, String part) {
        return signal(sessionId, part, PartWorkflow::reconcileNow);
    }

    public boolean hostChanged(UUID sessionId, String part, HostNotice notice) {
        return signal(sessionId, part, workflow -> workflow.hostChanged(notice));
    }

    public boolean resyncHost(UUID sessionId, String part, HostResync resync) {
        return signal(sessionId, part, workflow -> workflow.resyncHost(resync));
    }

    public boolean containerEvent(UUID sessionId, String part, ContainerEvent event) {
        return signal(sessionId, part, workflow -> workflow.containerEvent(event));
    }

    private boolean signal(UUID sessionId, String part, Consumer<PartWorkflow> signal) {
        try {
            signal.accept(temporal.newWorkflowStub(PartWorkflow.class, WorkflowIds.part(sessionId, part)));
            return true;
        } catch (WorkflowNotFoundException notRunning) {
            return false;
        }
    }
}
