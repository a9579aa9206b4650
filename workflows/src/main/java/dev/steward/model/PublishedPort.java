package dev.steward.model;

/**
 * A container port as its engine publishes it.
 *
 * @param containerPort the port inside the container
 * @param protocol {@code tcp} or {@code udp}
 * @param hostIp the host address it is bound to ({@code 0.0.0.0} for every address), or {@code null}
 * @param hostPort the port on the host, or {@code null} when it is not published
 */
public record PublishedPort(int containerPort, String protocol, String hostIp, Integer hostPort) {}
