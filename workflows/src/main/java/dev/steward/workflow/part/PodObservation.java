package dev.steward.workflow.part;

import dev.steward.contract.ContainerState;
import dev.steward.model.DesiredStatus;
import java.util.List;

/**
 * What a pass knows of one pod when it plans it.
 *
 * @param desired the pod's desired status: its part's
 * @param specHash the hash of the pod's desired spec
 * @param containers every container that carries the pod's labels on its host
 */
record PodObservation(DesiredStatus desired, String specHash, List<ContainerState> containers) {}
