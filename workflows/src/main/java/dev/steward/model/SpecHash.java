package dev.steward.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;

/**
 * The hash of a pod's canonical form. Equal specs hash equally however their env or ports are
 * ordered, so reordering them never replaces a container. Restart policy, kind, readiness check
 * and image pull policy change how Steward treats the container, not the container, so they are not hashed. Pure, so workflows may call it.
 */
public final class SpecHash {

    private SpecHash() {}

    public static String of(PodSpec pod) {
        return of(pod, true);
    }

    /**
     * @param cpuLimited whether the CPU limit counts: it does since CPUs became a limit; before, a
     *     pod's CPUs were a reservation alone, and the hashes of pods that recorded them then leave it out
     */
    public static String of(PodSpec pod, boolean cpuLimited) {
        return of(pod, true, cpuLimited);
    }

    /**
     * The hash of what the container is, leaving out its limits: those change in place, on the same
     * container (see {@code ContainerActivities.updateLimits}).
     */
    public static String withoutLimits(PodSpec pod) {
        return of(pod, false, false);
    }

    private static String of(PodSpec pod, boolean memoryLimited, boolean cpuLimited) {
        StringBuilder canonical = new StringBuilder();
        field(canonical, "image", pod.image());
        field(canonical, "command", String.join("\u0000", pod.command()));
        pod.givenEnv().forEach((name, value) -> field(canonical, "env." + name, value));
        // A secret's value is not the workflow's to know: its version stands for it, so a rotation replaces the container.
        pod.secretEnv().forEach((name, ref) -> field(canonical, "envFrom." + name,
                ref.secret() + "\u0000" + ref.key() + "\u0000" + ref.version()));
        pod.ports().stream()
                .sorted(Comparator.comparingInt(PortMapping::containerPort)
                        .thenComparing(p -> p.hostPort() == null ? -1 : p.hostPort())
                        .thenComparing(PortMapping::protocol))
                // TCP, the default, adds nothing, so the hashes of ports without a protocol stay valid.
                .forEach(p -> field(canonical, "port", p.containerPort() + ":" + p.hostPort()
                        + (p.protocol() == PortProtocol.UDP ? "/udp" : "")));
        // Only what shapes the container counts; absent, it adds nothing, so older hashes stay valid.
        if (memoryLimited && pod.memoryLimitBytes() != null) {
            field(canonical, "memory", pod.memoryLimitBytes().toString());
        }
        if (cpuLimited && pod.cpuLimitNanos() != null) {
            field(canonical, "cpus", pod.cpuLimitNanos().toString());
        }
        if (pod.hostNetwork()) {
            field(canonical, "hostNetwork", "true");
        }
        pod.mounts().stream()
                .sorted(Comparator.comparing(VolumeMount::path))
                .forEach(m -> field(canonical, "mount", m.volume() + ":" + m.path() + (m.readOnly() ? ":ro" : "")));
        return sha256(canonical.toString());
    }

    /** Length-prefixed, so no value can be mistaken for a field boundary. */
    private static void field(StringBuilder out, String name, String value) {
        String v = value == null ? "" : value;
        out.append(name).append('=').append(v.length()).append(':').append(v).append('\n');
    }

    private static String sha256(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
