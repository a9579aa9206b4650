package dev.steward.store;

import dev.steward.model.HostCapacity;
import io.micronaut.core.annotation.Introspected;

/**
 * What the pods placed on one host reserve in all.
 *
 * @param host the host's name
 * @param pods how many pods are placed there
 * @param cpus their cpus
 * @param memoryMb their memory in MiB
 */
@Introspected
public record HostUsage(String host, long pods, double cpus, long memoryMb) {

    public static HostUsage none(String host) {
        return new HostUsage(host, 0, 0, 0);
    }

    public HostCapacity asCapacity() {
        return new HostCapacity(Math.toIntExact(pods), cpus, memoryMb);
    }
}
