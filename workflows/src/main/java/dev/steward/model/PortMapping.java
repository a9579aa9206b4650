package dev.steward.model;

/**
 * A container port, optionally published on the host.
 *
 * @param containerPort the port inside the container (1-65535)
 * @param hostPort the host port to publish it on, or {@code null} for none
 */
public record PortMapping(int containerPort, Integer hostPort) {}
