package dev.steward.activity;

import dev.steward.contract.ContainerEvent;
import dev.steward.contract.HostNotice;
import dev.steward.contract.HostResync;
import dev.steward.contract.PartSignals;
import dev.steward.contract.WorkflowIds;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import jakarta.inject.Singleton;
import java.util.UUID;

/**
 * Signals part workflows. A part whose workflow has ended (or never ran in this namespace) is
 * skipped: each method says whether the part was told. Any other failure to reach Temporal
 * propagates, so the activity that signals is retried.
 */
@Singleton
public class PartSignaller {

    private final WorkflowClient temporal;

    public PartSignaller(WorkflowClient temporal) {
        this.temporal = temporal;
    }

    public boolean reconcileNow(UUID sessionId, String part) {
        return signal(sessionId, part, PartSignals.RECONCILE_NOW);
    }

    public boolean hostChanged(UUID sessionId, String part, HostNotice notice) {
        return signal(sessionId, part, PartSignals.HOST_CHANGED, notice);
    }

    public boolean resyncHost(UUID sessionId, String part, HostResync resync) {
        return signal(sessionId, part, PartSignals.RESYNC_HOST, resync);
    }

    public boolean containerEvent(UUID sessionId, String part, ContainerEvent event) {
        return signal(sessionId, part, PartSignals.CONTAINER_EVENT, event);
    }

    private boolean signal(UUID sessionId, String part, String signal, Object... args) {
        try {
            temporal.newUntypedWorkflowStub(WorkflowIds.part(sessionId, part)).signal(signal, args);
            return true;
        } catch (WorkflowNotFoundException notRunning) {
            return false;
        }
    }
}
