package dev.steward.workflow.host;

import dev.steward.contract.HostNotice;

/**
 * What a host workflow does after a probe, as its {@link HostPlanner} decided.
 *
 * @param watch what the workflow knows once the parts heard the notice (or when there is none)
 * @param notice what the parts placed on the host must hear, or {@code null}
 * @param watchIfUntold what the workflow knows when telling the parts failed: the last notice they did
 *     hear, so that the next probe tells them again
 * @param wakeUnschedulable the host became READY: pods waiting for room try again
 * @param resyncAt workflow millis from which the host's engine is resynced: the probe's own time when the
 *     host answers again after it was unreachable, else when the interval is due; {@code null} when the
 *     host does not answer
 */
public record HostPlan(HostWatchState watch, HostNotice notice, HostWatchState watchIfUntold, boolean wakeUnschedulable,
        Long resyncAt) {}
