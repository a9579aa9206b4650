package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;

/** @param enabled false to run the API alone, with workers deployed separately */
@ConfigurationProperties("steward.worker")
public record WorkerConfig(boolean enabled) {}
