package dev.steward.contract;

import io.temporal.activity.ActivityInterface;
import java.util.UUID;

/**
 * Host health: probe the engine, then record what the probe found (split in two so a host's
 * workflow can probe on an interval and record each result exactly once), and tell the parts
 * placed on the host when it stops taking pods.
 */
@ActivityInterface
public interface HostActivities {

    /** Non-retryable failure type: the host is not registered (any more). */
    String UNKNOWN_HOST = "UnknownHost";

    /**
     * Asks the host's engine for its version and its Steward containers, with a short timeout.
     * An engine that does not answer is a normal result ({@code reachable == false}), not a failure.
     */
    HostProbe probe(String hostName);

    /**
     * Records the probe: heartbeat data, consecutive failures, and the status it leads to, with a
     * host transition when the status changed. Recording the same {@code probeId} twice records once.
     */
    HostStatusChange recordProbe(UUID probeId, String hostName, HostProbe probe);

    /**
     * Signals the notice to every live part with a pod placed on {@code notice.host()}; a part that
     * has ended is skipped. Telling a part twice changes nothing.
     *
     * @return how many parts were told
     */
    int notifyParts(HostNotice notice);

    /**
     * Asks every live part with a pod placed on {@code hostName} for a pass, as an engine event does;
     * asking twice changes nothing. A host that has just turned UNREACHABLE asks, so its pods are
     * UNKNOWN while it is away, not only once it is lost.
     *
     * @return how many parts were asked
     */
    int wakeParts(String hostName);
}
