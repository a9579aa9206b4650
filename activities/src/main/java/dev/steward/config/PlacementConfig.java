package dev.steward.config;

import dev.steward.model.PlacementStrategy;
import io.micronaut.context.annotation.ConfigurationProperties;

/** @param strategy how a host is chosen among those a pod fits on ({@code steward.placement.strategy}) */
@ConfigurationProperties("steward.placement")
public record PlacementConfig(PlacementStrategy strategy) {}
