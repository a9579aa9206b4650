package dev.steward.app.temporal;

import dev.steward.config.WorkerConfig;
import io.temporal.common.interceptors.WorkerInterceptor;
import io.temporal.worker.WorkerFactoryOptions;
import io.temporal.worker.WorkerOptions;
import java.time.Duration;

/** What every worker of the process shares, sized by {@link WorkerConfig}. */
final class WorkerDefaults {

    /**
     * Heartbeats go out at least this often. A worker that stops waits up to 5 s for its last
     * throttled heartbeat before it gives up with a warning; the event relay heartbeats every second,
     * so with the default (80% of its 10 s heartbeat timeout) every stop would end in that warning.
     */
    private static final Duration MAX_HEARTBEAT_THROTTLE = Duration.ofSeconds(2);

    private WorkerDefaults() {}

    /** A factory whose workflow cache and threads hold the workflows of every live session. */
    static WorkerFactoryOptions factory(WorkerConfig config, WorkerInterceptor[] interceptors) {
        return WorkerFactoryOptions.newBuilder()
                .setWorkerInterceptors(interceptors)
                .setWorkflowCacheSize(config.workflowCacheSize())
                .setMaxWorkflowThreadCount(config.maxWorkflowThreads())
                .setUsingVirtualWorkflowThreads(config.virtualWorkflowThreads())
                .build();
    }

    /** A worker of workflows and short activities: the main queue, a host's queue. */
    static WorkerOptions options(WorkerConfig config) {
        return WorkerOptions.newBuilder()
                .setMaxHeartbeatThrottleInterval(MAX_HEARTBEAT_THROTTLE)
                .setMaxConcurrentWorkflowTaskExecutionSize(config.maxConcurrentWorkflowTasks())
                .setMaxConcurrentActivityExecutionSize(config.maxConcurrentActivities())
                .build();
    }

    /**
     * A worker of a host's watch queue: readiness probes and the event relay, each waiting for minutes,
     * on virtual threads so that thousands of them cost no platform thread each.
     */
    static WorkerOptions watchOptions(WorkerConfig config) {
        return WorkerOptions.newBuilder()
                .setMaxHeartbeatThrottleInterval(MAX_HEARTBEAT_THROTTLE)
                .setMaxConcurrentActivityExecutionSize(config.maxConcurrentWatches())
                .setUsingVirtualThreadsOnActivityWorker(true)
                .build();
    }
}
