package dev.steward.model;

import java.util.Comparator;

/**
 * The hash of a pod's canonical form. Equal specs hash equally however their env or ports are
 * ordered, so reordering them never replaces a container. Restart policy, kind, readiness check
 * and image pull policy change how Steward treats the container, not the container, and its limits
 * change in place on the same container (see {@code ContainerActivities.updateLimits}): none of them is
 * hashed. Pure, so workflows may call it.
 */
public final class SpecHash {

    private SpecHash() {}

    public static String of(PodSpec pod) {
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
        if (pod.hostNetwork()) {
            field(canonical, "hostNetwork", "true");
        }
        pod.mounts().stream()
                .sorted(Comparator.comparing(VolumeMount::path))
                .forEach(m -> field(canonical, "mount", m.volume() + ":" + m.path() + (m.readOnly() ? ":ro" : "")));
        pod.addCapabilities().stream().sorted().distinct().forEach(c -> field(canonical, "addCapability", c));
        return Sha256.hex(canonical.toString());
    }

    /** Length-prefixed, so no value can be mistaken for a field boundary. */
    private static void field(StringBuilder out, String name, String value) {
        String v = value == null ? "" : value;
        out.append(name).append('=').append(v.length()).append(':').append(v).append('\n');
    }

}
