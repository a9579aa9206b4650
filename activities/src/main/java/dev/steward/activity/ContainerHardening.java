package dev.steward.activity;

import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Ports;
import dev.steward.config.PodLimitsConfig;
import dev.steward.config.PodSecurityConfig;
import dev.steward.contract.ContainerRequest;
import jakarta.inject.Singleton;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What keeps a pod's container from reaching beyond it: every capability dropped but the deployment's
 * short list and what the pod was allowed to add, no privilege gained through setuid files
 * ({@code no-new-privileges}), a PIDs limit, a CPU and memory limit (the pod's own, else the
 * deployment's defaults), and host ports published on one address of the host.
 */
@Singleton
public class ContainerHardening {

    /** Docker's and Podman's spelling; a process can then gain no privilege its parent lacks. */
    static final String NO_NEW_PRIVILEGES = "no-new-privileges";

    private final PodLimitsConfig limits;
    private final PodSecurityConfig security;

    public ContainerHardening(PodLimitsConfig limits, PodSecurityConfig security) {
        this.limits = limits;
        this.security = security;
    }

    /** {@code config} with the container's limits and privileges. */
    HostConfig apply(HostConfig config, ContainerRequest request) {
        long memory = request.memoryBytes() != null ? request.memoryBytes() : limits.defaultMemoryBytes();
        Set<Capability> kept = new LinkedHashSet<>(security.kept());
        request.addCapabilities().forEach(name -> kept.add(Capability.valueOf(name)));
        return config
                // Memory and swap together: no swap beyond the limit.
                .withMemory(memory)
                .withMemorySwap(memory)
                .withNanoCPUs(request.nanoCpus() != null ? request.nanoCpus() : limits.defaultNanoCpus())
                .withPidsLimit(limits.pids())
                .withCapDrop(Capability.ALL)
                .withCapAdd(kept.toArray(Capability[]::new))
                .withSecurityOpts(List.of(NO_NEW_PRIVILEGES));
    }

    /** The binding that publishes a host port on the configured address only. */
    Ports.Binding hostPort(int port) {
        return Ports.Binding.bindIpAndPort(security.hostPortAddress(), port);
    }
}
