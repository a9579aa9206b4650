package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.time.Duration;

/**
 * Outgoing status events ({@code steward.events}).
 *
 * @param source the CloudEvents {@code source} of every event: names this Steward deployment; by default
 *     {@code /steward/{steward.reconcile.deployment}}
 * @param streamPollInterval how often an open event stream looks for new events in the outbox
 */
@ConfigurationProperties("steward.events")
public record EventsConfig(@Nullable String source, Duration streamPollInterval) {}
