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
 */
public record PodSpec(
        String name, String image, List<String> command, Map<String, String> env, List<PortMapping> ports) {

    public PodSpec {
        command = command == null ? List.of() : command;
        env = env == null ? Map.of() : env;
        ports = ports == null ? List.of() : ports;
    }
}
