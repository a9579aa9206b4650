package dev.steward.workflow.part;

import dev.steward.contract.ContainerLimits;
import dev.steward.contract.ContainerState;
import dev.steward.model.DesiredStatus;
import java.util.List;

/**
 * What a pass knows of one pod when it plans it.
 *
 * @param desired the pod's desired status: its part's
 * @param specHash the hash of the pod's desired spec, which names its container
 * @param containers every container that carries the pod's labels on its host
 * @param limits the pod's desired limits; {@code null} when the pass only looks for the current container
 * @param applied the limits applied in place since the current container's last start, or {@code null}
 */
record PodObservation(DesiredStatus desired, String specHash, List<ContainerState> containers,
        ContainerLimits limits, AppliedLimits applied) {

    /** For finding the pod's current container only: no limits to change. */
    PodObservation(DesiredStatus desired, String specHash, List<ContainerState> containers) {
        this(desired, specHash, containers, null, null);
    }

    /** The same pod after Steward (re)started its container: limits applied in place before are gone. */
    PodObservation started() {
        return new PodObservation(desired, specHash, containers, limits, null);
    }
}
