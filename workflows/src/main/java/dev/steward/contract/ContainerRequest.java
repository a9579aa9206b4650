package dev.steward.contract;

import dev.steward.model.PortMapping;
import dev.steward.model.SecretKeyRef;
import dev.steward.model.VolumeMount;
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
 * @param memoryBytes the memory limit, or {@code null} for the deployment's default
 * @param nanoCpus the CPU limit in billionths of a CPU, or {@code null} for the deployment's default
 * @param secretEnv environment variables whose values the activity takes from secrets, by name;
 *     only the references travel, never the values
 * @param hostNetwork whether it uses the host's network; otherwise it joins its session's network
 *     (a container labelled with a session) or the engine's default one
 * @param mounts its session's volumes it mounts (a container labelled with a session)
 * @param addCapabilities Linux capabilities it gets besides the deployment's default set
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
        Map<String, SecretKeyRef> secretEnv,
        boolean hostNetwork,
        List<VolumeMount> mounts,
        List<String> addCapabilities) {

    public ContainerRequest {
        secretEnv = secretEnv == null ? Map.of() : secretEnv;
        mounts = mounts == null ? List.of() : mounts;
        addCapabilities = addCapabilities == null ? List.of() : addCapabilities;
    }

    /**
     * A container off the host's network that takes nothing from secrets, mounts no volume and adds no
     * capability.
     */
    public ContainerRequest(String name, String image, List<String> command, Map<String, String> env,
            List<PortMapping> ports, Map<String, String> labels, Long memoryBytes, Long nanoCpus) {
        this(name, image, command, env, ports, labels, memoryBytes, nanoCpus, null, false, null, null);
    }
}
