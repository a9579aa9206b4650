package dev.steward.config;

import dev.steward.model.PodSpecValidator;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.exceptions.ConfigurationException;

/**
 * The limits every pod's container runs within ({@code steward.pods.limits}): one that asks for no
 * {@code resources} gets the defaults, and none may ask for more than the maxima.
 *
 * @param defaultCpus the CPU limit of a container whose pod names no {@code resources.cpus}
 * @param defaultMemoryMb the memory limit (MiB) of a container whose pod names no {@code resources.memoryMb}
 * @param maxCpus the most {@code resources.cpus} a pod may ask for
 * @param maxMemoryMb the most {@code resources.memoryMb} a pod may ask for
 * @param pids the most processes and threads one container may run at once
 */
@ConfigurationProperties("steward.pods.limits")
public record PodLimitsConfig(double defaultCpus, long defaultMemoryMb, double maxCpus, long maxMemoryMb, long pids) {

    private static final long MIB = 1024 * 1024;

    public PodLimitsConfig {
        if (!(defaultCpus > 0 && defaultCpus <= maxCpus)) {
            throw new ConfigurationException("steward.pods.limits.default-cpus must be above 0 and at most"
                    + " steward.pods.limits.max-cpus (" + maxCpus + "), not " + defaultCpus);
        }
        if (defaultMemoryMb < PodSpecValidator.MIN_MEMORY_MB || defaultMemoryMb > maxMemoryMb) {
            throw new ConfigurationException("steward.pods.limits.default-memory-mb must be at least "
                    + PodSpecValidator.MIN_MEMORY_MB + " and at most"
                    + " steward.pods.limits.max-memory-mb (" + maxMemoryMb + "), not " + defaultMemoryMb);
        }
        if (pids < 1) {
            throw new ConfigurationException("steward.pods.limits.pids must be at least 1, not " + pids);
        }
    }

    /** The default CPU limit in billionths of a CPU, as engines take it. */
    public long defaultNanoCpus() {
        return Math.round(defaultCpus * 1_000_000_000d);
    }

    public long defaultMemoryBytes() {
        return defaultMemoryMb * MIB;
    }
}
