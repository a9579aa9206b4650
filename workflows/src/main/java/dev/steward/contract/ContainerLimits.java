package dev.steward.contract;

import dev.steward.model.PodSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A container's CPU and memory limits; {@code null} is no limit.
 *
 * @param nanoCpus the CPU limit in billionths of a CPU (the engine's NanoCpus)
 * @param memoryBytes the memory limit (the engine's Memory and MemorySwap)
 */
public record ContainerLimits(Long nanoCpus, Long memoryBytes) {

    /** The container's CPU limit, as labelled on the container it was created with. */
    public static final String NANO_CPUS_LABEL = "steward.limits.nano-cpus";
    /** The container's memory limit, as labelled on the container it was created with. */
    public static final String MEMORY_BYTES_LABEL = "steward.limits.memory-bytes";

    private static final long MIB = 1024 * 1024;

    /** The limits the pod's resources give its container. */
    public static ContainerLimits of(PodSpec pod) {
        return new ContainerLimits(pod.cpuLimitNanos(), pod.memoryLimitBytes());
    }

    /** The limits the container was created with, read from its labels. */
    public static ContainerLimits createdWith(ContainerState container) {
        return new ContainerLimits(parse(container.label(NANO_CPUS_LABEL)), parse(container.label(MEMORY_BYTES_LABEL)));
    }

    /** The labels that record these limits on a container created with them; none for no limit. */
    public Map<String, String> labels() {
        Map<String, String> labels = new HashMap<>();
        if (nanoCpus != null) {
            labels.put(NANO_CPUS_LABEL, nanoCpus.toString());
        }
        if (memoryBytes != null) {
            labels.put(MEMORY_BYTES_LABEL, memoryBytes.toString());
        }
        return Map.copyOf(labels);
    }

    /** Whether going to {@code next} lifts a limit: engines lift none in place, so that takes a new container. */
    public boolean liftedBy(ContainerLimits next) {
        return (nanoCpus != null && next.nanoCpus == null) || (memoryBytes != null && next.memoryBytes == null);
    }

    /** What changes from these limits to {@code next}, as {@code cpus 0.5 → 1, memory 64 → 128 MiB}. */
    public String changeTo(ContainerLimits next) {
        List<String> changes = new ArrayList<>();
        if (!Objects.equals(nanoCpus, next.nanoCpus)) {
            changes.add("cpus " + cpus(nanoCpus) + " → " + cpus(next.nanoCpus));
        }
        if (!Objects.equals(memoryBytes, next.memoryBytes)) {
            changes.add("memory " + mib(memoryBytes) + " → " + mib(next.memoryBytes) + " MiB");
        }
        return String.join(", ", changes);
    }

    private static String cpus(Long nanoCpus) {
        return nanoCpus == null ? "none" : BigDecimal.valueOf(nanoCpus, 9).stripTrailingZeros().toPlainString();
    }

    private static String mib(Long bytes) {
        return bytes == null ? "none" : Long.toString(bytes / MIB);
    }

    private static Long parse(String label) {
        return label == null ? null : Long.valueOf(label);
    }
}
