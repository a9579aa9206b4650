package dev.steward.contract;

/**
 * Every host has a task queue of its own, served by a worker bound to that host's engine: a
 * workflow reaches a host's engine by scheduling container activities on the host's queue. Its long
 * calls that watch the engine (readiness probes, the event relay) go to a queue of their own beside
 * it, so that they never take the activity slots of short engine calls.
 */
public final class HostQueues {

    private HostQueues() {}

    /** The queue of {@code host}'s engine, next to the service's own queue {@code baseQueue}. */
    public static String of(String baseQueue, String host) {
        return baseQueue + "-host-" + host;
    }

    /** The queue of {@code host}'s readiness probes and event relay, served by the same worker process as {@link #of}. */
    public static String watchOf(String baseQueue, String host) {
        return of(baseQueue, host) + "-watch";
    }
}
