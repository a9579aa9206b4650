package dev.steward.contract;

import dev.steward.model.PortMapping;
import dev.steward.model.SecretKeyRef;
import java.util.List;
import java.util.Map;

/**
 * A container to ensure on the engine. The name is deterministic, so ensuring twice creates once.
 *
 * @param name the container name, see {@link ContainerNames}
 * @param image the image reference
 * @param command the command; empty for the image's default
 * @param env environment variables
 * @param ports ports to expose and publish
 * @param labels the Steward labels, see {@link StewardLabels}
 * @param memoryBytes the memory limit, or {@code null} for none
 * @param nanoCpus the CPU limit in billionths of a CPU, or {@code null} for none
 * @param secretEnv environment variables whose values the activity takes from secrets, by name;
 *     only the references travel, never the values
 */
public record ContainerRequest(
        String name,
        String image,
        List<String> command,
        Map<String, String> env,
        List<PortMapping> ports,
        Map<String, String> labels,
        Long memoryBytes,
        Long nanoCpus,
        Map<String, SecretKeyRef> secretEnv) {}
