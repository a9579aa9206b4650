package dev.steward.workflow.part;

import dev.steward.contract.ContainerEvent;
import dev.steward.contract.ContainerState;
import dev.steward.contract.HostNotice;
import dev.steward.contract.HostResync;
import dev.steward.contract.PartSignals;
import dev.steward.model.EventCause;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.util.List;

/** A child of its session, id {@code session-{id}-part-{name}}: keeps the part's pods converged. */
@WorkflowInterface
public interface PartWorkflow {

    /** Runs until the part is deleted; returns its final status. */
    @WorkflowMethod
    PartStatus run(PartInput input);

    /** The session cascades a new desired status. */
    @SignalMethod
    void setDesiredStatus(DesiredChange change);

    /** The session cascades a new spec; changed pods are replaced. */
    @SignalMethod
    void setSpec(PartSpecChange change);

    /** The host relays an engine event about one of the part's containers. */
    @SignalMethod(name = PartSignals.CONTAINER_EVENT)
    void containerEvent(ContainerEvent event);

    /** Re-read the engine now: an operator's forced reconcile, cascaded by the session. */
    @SignalMethod(name = PartSignals.RECONCILE_NOW)
    void reconcileNow();

    /** The local host's resync of a part started before placement: every container of the part it listed. */
    @SignalMethod
    void resync(List<ContainerState> observed);

    /** A host resync saw the part's containers on one host differ from the pods placed there. */
    @SignalMethod(name = PartSignals.RESYNC_HOST)
    void resyncHost(HostResync resync);

    /** A host the part has pods on stopped taking pods, or takes them again. */
    @SignalMethod(name = PartSignals.HOST_CHANGED)
    void hostChanged(HostNotice notice);

    /** The part's completesOn event arrived: its pods stop and it shows COMPLETED while its session runs. */
    @SignalMethod
    void completeOnEvent(EventCause event);

    /** An operator acts on a pod. */
    @SignalMethod
    void podAction(PodAction action);

    /** The part and its pods as the workflow sees them. */
    @QueryMethod
    PartView view();
}
