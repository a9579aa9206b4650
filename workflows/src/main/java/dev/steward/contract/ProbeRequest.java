package dev.steward.contract;

import dev.steward.model.ReadinessCheck;

/**
 * Watch a container's readiness until it changes.
 *
 * @param containerId the container to check
 * @param check how to check it
 * @param ready the readiness the workflow believes now; the probe returns once it differs
 * @param maxWaitSeconds return unchanged after this long, so no activity runs forever
 */
public record ProbeRequest(String containerId, ReadinessCheck check, boolean ready, int maxWaitSeconds) {}
