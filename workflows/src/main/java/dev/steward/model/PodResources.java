package dev.steward.model;

/**
 * What a pod reserves on its host besides its pod slot; {@code null} reserves none.
 *
 * @param cpus CPUs, fractions allowed
 * @param memoryMb memory in MiB
 */
public record PodResources(Double cpus, Long memoryMb) {

    public static final PodResources NONE = new PodResources(null, null);
}
