package dev.steward.workflow.part;

import dev.steward.contract.ContainerLimits;
import dev.steward.contract.ContainerState;
import dev.steward.contract.LimitsUpdate;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.Reason;

/**
 * A change of a pod's limits on its running container: applied in place, keeping the container,
 * where the engine can; else the container is removed so that a new one is created with them.
 */
final class LimitsInPlace {

    private final PartState state;
    private final PodEngines engines;
    private final PodTransitions transitions;

    LimitsInPlace(PartState state, PodEngines engines, PodTransitions transitions) {
        this.state = state;
        this.engines = engines;
        this.transitions = transitions;
    }

    /**
     * Applies the pod's limits to its running container, which runs with {@code inForce}.
     *
     * @return whether the container has them; when not, it was removed for a new one that has them
     */
    boolean apply(PodSpec pod, PodRuntime rt, ContainerState current, ContainerLimits inForce) {
        ContainerLimits wanted = ContainerLimits.of(pod);
        LimitsUpdate update = engines.of(rt).updateLimits(current.id(), wanted);
        switch (update.outcome()) {
            case APPLIED -> {
                rt.limitsApplied(new AppliedLimits(current.id(), wanted));
                transitions.record(pod, state.pods.get(pod.name()).status(), Reason.LIMITS_UPDATED.code(),
                        inForce.changeTo(wanted) + ", applied in place", current.id());
                return true;
            }
            case NOT_SUPPORTED -> replace(pod, rt, current, inForce, "the engine has no update call");
            case REFUSED -> replace(pod, rt, current, inForce, "the engine refused them in place: " + update.detail());
            case CONTAINER_GONE -> rt.limitsGone();
        }
        return false;
    }

    /** Removes the running container, which runs with {@code inForce}, for a new one with the pod's limits. */
    void replace(PodSpec pod, PodRuntime rt, ContainerState current, ContainerLimits inForce, String why) {
        transitions.record(pod, PodStatus.STOPPING, Reason.LIMITS_REPLACED.code(),
                inForce.changeTo(ContainerLimits.of(pod)) + ": " + why + "; replacing the container", current.id());
        rt.stopProbe();
        rt.limitsGone();
        engines.stopAndRemove(rt.host(), current, true);
    }
}
