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
 * @param legacyHash the hash of the desired spec with its limits, which named the containers made
 *     before limits changed in place: such a container is current too, with the desired limits;
 *     {@code null} for parts whose containers are still named so (then no limits change in place)
 * @param containers every container that carries the pod's labels on its host
 * @param limits the pod's desired limits; {@code null} when none change in place
 * @param applied the limits applied in place since the current container's last start, or {@code null}
 */
record PodObservation(DesiredStatus desired, String specHash, String legacyHash, List<ContainerState> containers,
        ContainerLimits limits, AppliedLimits applied) {

    /** For finding the pod's current container only: no limits to change. */
    PodObservation(DesiredStatus desired, String specHash, String legacyHash, List<ContainerState> containers) {
        this(desired, specHash, legacyHash, containers, null, null);
    }

    /** The same pod after Steward (re)started its container: limits applied in place before are gone. */
    PodObservation started() {
        return new PodObservation(desired, specHash, legacyHash, containers, limits, null);
    }
}
