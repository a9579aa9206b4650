package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;

/**
 * What pods may ask for on this deployment ({@code steward.pods}).
 *
 * @param allowHostNetwork whether a pod may use its host's network ({@code hostNetwork: true}); off,
 *     such a spec is refused
 */
@ConfigurationProperties("steward.pods")
public record PodsConfig(boolean allowHostNetwork) {}
