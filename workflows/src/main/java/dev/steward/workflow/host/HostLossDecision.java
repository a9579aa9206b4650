package dev.steward.workflow.host;

import dev.steward.contract.HostNotice;

/**
 * What a host workflow does after a probe.
 *
 * @param watch what it knows now
 * @param notice what the parts placed on the host must hear, or {@code null}
 * @param roomMayHaveAppeared the host became READY: pods waiting for room should try again
 */
public record HostLossDecision(HostWatchState watch, HostNotice notice, boolean roomMayHaveAppeared) {}
