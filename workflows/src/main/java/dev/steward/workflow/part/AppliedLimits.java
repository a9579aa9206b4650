package dev.steward.workflow.part;

import dev.steward.contract.ContainerLimits;

/**
 * Limits applied in place to a container since Steward last started it. An engine may not keep them
 * (Podman 4.3 does not): a start brings back the limits the container was created with.
 *
 * @param containerId the container they were applied to
 * @param limits the limits applied
 */
record AppliedLimits(String containerId, ContainerLimits limits) {}
