package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One container of a part.
 *
 * @param name unique within its part, a DNS label
 * @param image the image reference, for example {@code localhost/busybox:latest}
 * @param command the command and its arguments; empty for the image's default
 * @param env environment variables, name to value: given, or taken from a secret
 * @param ports ports to expose
 * @param kind worker (kept running, the default) or job (runs once)
 * @param restartPolicy when an exited container is restarted; {@code ALWAYS} for workers and
 *     {@code NEVER} for jobs when absent
 * @param readiness when a worker counts as READY; absent: once it runs
 * @param activeDeadlineSeconds for jobs: how long a run may take before it is stopped and FAILED
 * @param hostSelector labels the pod's host must carry; empty for any host
 * @param resources what the pod reserves on its host besides its pod slot; its CPUs and memory
 *     are also the container's CPU and memory limits (without them, the deployment's default limits)
 * @param imagePullPolicy when the image is pulled; {@code IF_NOT_PRESENT} when absent
 * @param replicas how many instances of the pod run, each a pod of its own named {@code {name}-{i}}
 *     (i from 0); absent for one pod named {@code name}
 * @param hostNetwork whether the container uses its host's network instead of its session's; only
 *     where the operator allows it
 * @param mounts the session's volumes its container mounts
 * @param addCapabilities Linux capabilities its container gets besides the deployment's default set
 *     ({@code NET_RAW}); only those the operator allows
 */
public record PodSpec(
        String name,
        String image,
        List<String> command,
        Map<String, EnvValue> env,
        List<PortMapping> ports,
        PodKind kind,
        RestartPolicy restartPolicy,
        ReadinessCheck readiness,
        Integer activeDeadlineSeconds,
        Map<String, String> hostSelector,
        PodResources resources,
        ImagePullPolicy imagePullPolicy,
        Integer replicas,
        Boolean hostNetwork,
        List<VolumeMount> mounts,
        List<String> addCapabilities) {

    public PodSpec {
        command = command == null ? List.of() : command;
        env = env == null ? Map.of() : env;
        ports = ports == null ? List.of() : ports;
        kind = kind == null ? PodKind.WORKER : kind;
        restartPolicy = restartPolicy == null
                ? (kind == PodKind.JOB ? RestartPolicy.NEVER : RestartPolicy.ALWAYS)
                : restartPolicy;
        hostSelector = hostSelector == null ? Map.of() : hostSelector;
        resources = resources == null ? PodResources.NONE : resources;
        imagePullPolicy = imagePullPolicy == null ? ImagePullPolicy.IF_NOT_PRESENT : imagePullPolicy;
        hostNetwork = Boolean.TRUE.equals(hostNetwork);
        mounts = mounts == null ? List.of() : mounts;
        addCapabilities = addCapabilities == null ? List.of() : addCapabilities;
    }

    /**
     * A pod without replicas, on its session's network, that mounts no volume and adds no capability.
     *
     * @param env each value a string, or an {@link EnvValue}
     */
    public PodSpec(String name, String image, List<String> command, Map<String, ?> env, List<PortMapping> ports,
            PodKind kind, RestartPolicy restartPolicy, ReadinessCheck readiness, Integer activeDeadlineSeconds,
            Map<String, String> hostSelector, PodResources resources, ImagePullPolicy imagePullPolicy) {
        this(name, image, command, env == null ? null : EnvValue.of(env), ports, kind, restartPolicy, readiness,
                activeDeadlineSeconds, hostSelector, resources, imagePullPolicy, null, null, null, null);
    }

    /** A pod whose image is pulled when its host does not have it. */
    public PodSpec(String name, String image, List<String> command, Map<String, ?> env, List<PortMapping> ports,
            PodKind kind, RestartPolicy restartPolicy, ReadinessCheck readiness, Integer activeDeadlineSeconds,
            Map<String, String> hostSelector, PodResources resources) {
        this(name, image, command, env, ports, kind, restartPolicy, readiness, activeDeadlineSeconds, hostSelector,
                resources, null);
    }

    /** A worker for any host, with the default restart policy, no readiness check and no limits. */
    public PodSpec(String name, String image, List<String> command, Map<String, ?> env, List<PortMapping> ports) {
        this(name, image, command, env, ports, null, null, null, null, null, null, null);
    }

    /** The same pod with {@code env} for its env. */
    public PodSpec withEnv(Map<String, EnvValue> env) {
        return new PodSpec(name, image, command, env, ports, kind, restartPolicy, readiness, activeDeadlineSeconds,
                hostSelector, resources, imagePullPolicy, replicas, hostNetwork, mounts, addCapabilities);
    }

    /**
     * The pods this spec stands for: itself without replicas, else one pod per replica named
     * {@code {name}-{i}}, each without replicas.
     */
    @JsonIgnore
    public List<PodSpec> instances() {
        if (replicas == null) {
            return List.of(this);
        }
        return instanceNames(name, replicas).stream()
                .map(instance -> new PodSpec(instance, image, command, env, ports, kind, restartPolicy, readiness,
                        activeDeadlineSeconds, hostSelector, resources, imagePullPolicy, null, hostNetwork, mounts,
                        addCapabilities))
                .toList();
    }

    /** The names of the pods a spec named {@code name} with {@code replicas} stands for: see {@link #instances()}. */
    public static List<String> instanceNames(String name, Integer replicas) {
        if (replicas == null) {
            return List.of(name);
        }
        List<String> names = new ArrayList<>(replicas);
        for (int i = 0; i < replicas; i++) {
            names.add(name + "-" + i);
        }
        return names;
    }

    /** The secrets' keys its env takes values from, by variable name. */
    @JsonIgnore
    public Map<String, SecretKeyRef> secretEnv() {
        Map<String, SecretKeyRef> refs = new TreeMap<>();
        env.forEach((name, value) -> {
            if (value != null && value.isSecret()) {
                refs.put(name, value.valueFrom());
            }
        });
        return refs;
    }

    /** The env's given values, by variable name. */
    @JsonIgnore
    public Map<String, String> givenEnv() {
        Map<String, String> given = new TreeMap<>();
        env.forEach((name, value) -> {
            if (value != null && !value.isSecret()) {
                given.put(name, value.value());
            }
        });
        return given;
    }

    @JsonIgnore
    public boolean isJob() {
        return kind == PodKind.JOB;
    }

    /** The container's CPU limit in billionths of a CPU, from the CPUs the pod reserves. */
    @JsonIgnore
    public Long cpuLimitNanos() {
        return resources.cpus() == null ? null : Math.round(resources.cpus() * 1_000_000_000d);
    }

    /** The container's memory limit, from the memory the pod reserves. */
    @JsonIgnore
    public Long memoryLimitBytes() {
        return resources.memoryMb() == null ? null : resources.memoryMb() * 1024 * 1024;
    }
}
