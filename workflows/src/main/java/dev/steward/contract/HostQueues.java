package dev.steward.contract;

/**
 * Every host has a task queue of its own, served by a worker bound to that host's engine: a
 * workflow reaches a host's engine by scheduling container activities on the host's queue.
 */
public final class HostQueues {

    private HostQueues() {}

    /** The queue of {@code host}'s engine, next to the service's own queue {@code baseQueue}. */
    public static String of(String baseQueue, String host) {
        return baseQueue + "-host-" + host;
    }
}
