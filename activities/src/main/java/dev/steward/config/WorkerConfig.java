package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * The Temporal workers of this process ({@code steward.worker}), sized by default for 10,000 live
 * sessions on one worker process (see docs/operations.md, Workers).
 *
 * @param enabled false to run the API alone, with workers deployed separately
 * @param workflowCacheSize workflows kept in memory between their tasks (sessions, parts, hosts); one
 *        evicted replays its whole history at its next task
 * @param maxWorkflowThreads threads of cached workflows in all: each holds its main thread and one per
 *        running probe loop or other async procedure while it waits
 * @param virtualWorkflowThreads whether workflow threads are Java 21 virtual threads, so that threads of
 *        waiting workflows cost a little heap, not a platform thread each
 * @param maxConcurrentWorkflowTasks workflow tasks run at once
 * @param maxConcurrentActivities short activities run at once on each queue (the main queue and each
 *        host's): engine calls, database writes, placement
 * @param maxConcurrentWatches long activities run at once on each host's watch queue: readiness probes
 *        and the event relay, one per probed container and one per host, each on a virtual thread
 */
@ConfigurationProperties("steward.worker")
public record WorkerConfig(
        @Bindable(defaultValue = "true") boolean enabled,
        @Bindable(defaultValue = "10000") int workflowCacheSize,
        @Bindable(defaultValue = "120000") int maxWorkflowThreads,
        @Bindable(defaultValue = "true") boolean virtualWorkflowThreads,
        @Bindable(defaultValue = "200") int maxConcurrentWorkflowTasks,
        @Bindable(defaultValue = "200") int maxConcurrentActivities,
        @Bindable(defaultValue = "10000") int maxConcurrentWatches) {}
