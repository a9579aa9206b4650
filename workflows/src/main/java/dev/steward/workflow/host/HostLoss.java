package dev.steward.workflow.host;

import dev.steward.contract.HostNotice;
import dev.steward.model.HostStatus;
import java.time.Duration;

/**
 * Decides, after each probe, what the parts placed on a host must hear. Pure: the host workflow
 * probes, asks, and sends the notice.
 *
 * <p>DRAINING and DISABLED are told at once. UNREACHABLE is told only once the host has been
 * unreachable for the grace period ({@code steward.hosts.lost-after}): until then its pods restart
 * in place when it comes back, and only then are they placed on other hosts. READY is told when the
 * parts heard anything else before, so they stop moving pods off it.
 */
public final class HostLoss {

    private HostLoss() {}

    /**
     * @param before what the host workflow knew before this probe
     * @param status the host's status after the probe
     * @param now workflow millis of the probe
     * @param lostAfter the grace period
     */
    public static HostLossDecision afterProbe(String host, HostWatchState before, HostStatus status, long now,
            Duration lostAfter) {
        Long unreachableSince = status != HostStatus.UNREACHABLE ? null
                : before.unreachableSince() != null ? before.unreachableSince() : now;
        HostStatus tell = switch (status) {
            case DRAINING, DISABLED -> status;
            case UNREACHABLE -> now - unreachableSince >= lostAfter.toMillis() ? status : null;
            case READY -> before.told() != null ? status : null;
            case UNKNOWN -> null;
        };
        HostNotice notice = tell == null || tell == before.told() ? null : new HostNotice(host, tell, message(tell, lostAfter));
        HostStatus told = status == HostStatus.READY ? null : notice != null ? tell : before.told();
        boolean roomMayHaveAppeared = status == HostStatus.READY && before.status() != HostStatus.READY;
        return new HostLossDecision(new HostWatchState(status, unreachableSince, told), notice, roomMayHaveAppeared);
    }

    private static String message(HostStatus status, Duration lostAfter) {
        return switch (status) {
            case DRAINING -> "host draining: its workers move to other hosts one by one";
            case DISABLED -> "host disabled: its pods are stopped";
            case UNREACHABLE -> "host lost: unreachable for " + lostAfter.toSeconds() + " s (steward.hosts.lost-after)";
            default -> "host ready again";
        };
    }
}
