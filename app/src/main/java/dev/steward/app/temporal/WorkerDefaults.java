package dev.steward.app.temporal;

import io.temporal.worker.WorkerOptions;
import java.time.Duration;

/** What every worker of the process shares. */
final class WorkerDefaults {

    /**
     * Heartbeats go out at least this often. A worker that stops waits up to 5 s for its last
     * throttled heartbeat before it gives up with a warning; the event relay heartbeats every second,
     * so with the default (80% of its 10 s heartbeat timeout) every stop would end in that warning.
     */
    private static final Duration MAX_HEARTBEAT_THROTTLE = Duration.ofSeconds(2);

    private WorkerDefaults() {}

    static WorkerOptions options() {
        return WorkerOptions.newBuilder().setMaxHeartbeatThrottleInterval(MAX_HEARTBEAT_THROTTLE).build();
    }
}
