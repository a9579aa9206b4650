package dev.steward.model;

/**
 * An amount of host capacity; a {@code null} field is unlimited.
 *
 * @param pods pod slots; every pod takes one
 * @param cpus CPUs, fractions allowed
 * @param memoryMb memory in MiB
 */
public record HostCapacity(Integer pods, Double cpus, Long memoryMb) {

    public static final HostCapacity UNLIMITED = new HostCapacity(null, null, null);
}
