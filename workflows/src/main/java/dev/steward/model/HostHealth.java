package dev.steward.model;

/**
 * Decides a host's status. Pure: the caller reads the host, probes it, and records the decision.
 *
 * <p>Reachability comes from the probes: a host is unreachable once {@code unreachableAfter}
 * consecutive probes failed, reachable again after one that succeeds, and unknown until the first
 * success. The operator's switches come on top: DISABLED beats everything, UNREACHABLE beats
 * DRAINING (its pods need a new host now, not one by one), DRAINING beats READY.
 */
public final class HostHealth {

    private HostHealth() {}

    /**
     * @param host the host before the probe
     * @param reachable whether the engine answered
     * @param detail the engine's version when it answered, the error when it did not
     * @param unreachableAfter consecutive failures that make a host UNREACHABLE ({@code steward.hosts.unreachable-after})
     */
    public static HostHealthDecision afterProbe(HostState host, boolean reachable, String detail, int unreachableAfter) {
        int failed = reachable ? 0 : host.failedProbes() + 1;
        HostStatus status = status(host.enabled(), host.draining(), reachable || host.everReachable(), failed,
                unreachableAfter);
        String reason;
        String message;
        if (status == HostStatus.UNREACHABLE) {
            reason = Reason.PROBE_FAILED.code();
            message = failed + " consecutive probes failed (steward.hosts.unreachable-after=" + unreachableAfter
                    + "): " + detail;
        } else if (reachable) {
            reason = Reason.PROBE_SUCCEEDED.code();
            message = "the engine answered (version " + detail + ")";
        } else {
            reason = Reason.PROBE_FAILED.code();
            message = failed + " of " + unreachableAfter + " consecutive failed probes (steward.hosts.unreachable-after)"
                    + " before UNREACHABLE: " + detail;
        }
        return new HostHealthDecision(status, failed, reason, message, status != host.status());
    }

    /** After the operator enabled, disabled, drained or undrained the host. */
    public static HostHealthDecision afterOperatorChange(HostState host, int unreachableAfter) {
        HostStatus status = status(host.enabled(), host.draining(), host.everReachable(), host.failedProbes(),
                unreachableAfter);
        String reason;
        String message;
        switch (status) {
            case DISABLED -> {
                reason = Reason.HOST_SET_DISABLED.code();
                message = "disabled by the operator: no new pods, and its pods stop";
            }
            case DRAINING -> {
                reason = Reason.HOST_SET_DRAINING.code();
                message = "drained by the operator: no new pods, and its pods move to other hosts";
            }
            case UNREACHABLE -> {
                reason = Reason.PROBE_FAILED.code();
                message = "still unreachable: " + host.failedProbes() + " consecutive probes failed"
                        + " (steward.hosts.unreachable-after=" + unreachableAfter + ")";
            }
            default -> {
                reason = Reason.HOST_ENABLED.code();
                message = "enabled and not draining" + (status == HostStatus.UNKNOWN ? "; not probed successfully yet" : "");
            }
        }
        return new HostHealthDecision(status, host.failedProbes(), reason, message, status != host.status());
    }

    private static HostStatus status(boolean enabled, boolean draining, boolean everReachable, int failedProbes,
            int unreachableAfter) {
        if (!enabled) {
            return HostStatus.DISABLED;
        }
        if (failedProbes >= Math.max(1, unreachableAfter)) {
            return HostStatus.UNREACHABLE;
        }
        if (draining) {
            return HostStatus.DRAINING;
        }
        return everReachable ? HostStatus.READY : HostStatus.UNKNOWN;
    }
}
