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

    /** What is left of this capacity when {@code used} (every field set) is taken; unlimited stays unlimited. */
    public HostCapacity minus(HostCapacity used) {
        return new HostCapacity(
                pods == null ? null : pods - used.pods(),
                cpus == null ? null : cpus - used.cpus(),
                memoryMb == null ? null : memoryMb - used.memoryMb());
    }
}
