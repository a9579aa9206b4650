package dev.steward.model;

/**
 * A container port, optionally published on the host.
 *
 * @param containerPort the port inside the container (1-65535)
 * @param hostPort the host port to publish it on, or {@code null} for none
 * @param protocol {@code TCP} (the default) or {@code UDP}
 */
public record PortMapping(int containerPort, Integer hostPort, PortProtocol protocol) {

    public PortMapping {
        protocol = protocol == null ? PortProtocol.TCP : protocol;
    }

    /** A TCP port. */
    public PortMapping(int containerPort, Integer hostPort) {
        this(containerPort, hostPort, null);
    }
}
