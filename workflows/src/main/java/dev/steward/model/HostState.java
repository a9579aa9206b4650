package dev.steward.model;

/**
 * What the health decision needs to know of a host.
 *
 * @param status its status now
 * @param enabled the operator's switch
 * @param draining whether the operator is draining it
 * @param failedProbes consecutive failed probes so far
 * @param everReachable whether any probe ever succeeded
 */
public record HostState(HostStatus status, boolean enabled, boolean draining, int failedProbes, boolean everReachable) {}
