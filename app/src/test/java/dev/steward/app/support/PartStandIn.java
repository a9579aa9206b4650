package dev.steward.app.support;

import dev.steward.contract.HostNotice;
import dev.steward.contract.HostResync;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.util.List;

/**
 * Runs under a part workflow's id and counts the signals Steward sends parts, so a test sees
 * exactly which parts were told what, without a real part workflow reacting to them.
 */
@WorkflowInterface
public interface PartStandIn {

    /** Runs until terminated. */
    @WorkflowMethod
    void run();

    @SignalMethod
    void reconcileNow();

    @SignalMethod
    void hostChanged(HostNotice notice);

    @SignalMethod
    void resyncHost(HostResync resync);

    @QueryMethod
    int reconciles();

    @QueryMethod
    List<HostNotice> notices();

    @QueryMethod
    List<HostResync> resyncs();
}
