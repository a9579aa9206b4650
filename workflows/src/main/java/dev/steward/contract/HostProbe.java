package dev.steward.contract;

import java.time.Instant;

/**
 * What one probe of a host's engine found.
 *
 * @param reachable whether the engine answered
 * @param engineVersion the engine's version, when it answered
 * @param apiVersion the engine's API version, when it answered
 * @param containerCount how many Steward containers (running or not) it holds, when it answered
 * @param error why it did not answer
 * @param probedAt when the probe ran
 */
public record HostProbe(boolean reachable, String engineVersion, String apiVersion, Integer containerCount,
        String error, Instant probedAt) {}
