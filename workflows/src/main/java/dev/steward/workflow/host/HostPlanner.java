package dev.steward.workflow.host;

import dev.steward.model.HostStatus;
import dev.steward.workflow.ResourcePlanner;

/**
 * The host's decisions after each probe: what the parts placed on it must hear ({@link HostLoss}),
 * whether pods waiting for room try again, and when its engine is resynced. Pure.
 */
public final class HostPlanner implements ResourcePlanner<HostObservation, HostPlan> {

    @Override
    public HostPlan plan(HostObservation observed) {
        HostWatchState before = observed.watch();
        HostLossDecision loss = HostLoss.afterProbe(observed.host(), before, observed.status(), observed.now(),
                observed.lostAfter());
        HostWatchState after = loss.watch();
        HostWatchState untold = new HostWatchState(after.status(), after.unreachableSince(), before.told());
        boolean cameBack = observed.status() == HostStatus.READY && before.status() == HostStatus.UNREACHABLE;
        // A disabled host that answers is swept too: the containers its pods left behind go.
        Long resyncAt = !observed.reachable() ? null : cameBack ? observed.now() : observed.nextResyncAt();
        return new HostPlan(after, loss.notice(), untold, loss.roomMayHaveAppeared(), resyncAt);
    }
}
