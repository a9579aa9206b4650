package dev.steward.model;

import java.util.List;
import java.util.Map;

/**
 * One container of a part.
 *
 * @param name unique within its part, a DNS label
 * @param image the image reference, for example {@code localhost/busybox:latest}
 * @param command the command and its arguments; empty for the image's default
 * @param env environment variables, name to value
 * @param ports ports to expose
 * @param hostSelector labels the pod's host must carry; empty for any host
 * @param resources what the pod reserves on its host besides its pod slot
 */
public record PodSpec(
        String name, String image, List<String> command, Map<String, String> env, List<PortMapping> ports,
        Map<String, String> hostSelector, PodResources resources) {

    public PodSpec {
        command = command == null ? List.of() : command;
        env = env == null ? Map.of() : env;
        ports = ports == null ? List.of() : ports;
        hostSelector = hostSelector == null ? Map.of() : hostSelector;
        resources = resources == null ? PodResources.NONE : resources;
    }

    /** A pod for any host that reserves nothing but its slot. */
    public PodSpec(String name, String image, List<String> command, Map<String, String> env, List<PortMapping> ports) {
        this(name, image, command, env, ports, Map.of(), PodResources.NONE);
    }
}
