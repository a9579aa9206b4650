package dev.steward.app.events;

import io.micronaut.context.annotation.ConfigurationProperties;

/**
 * How many server-sent event streams may be open at once in this process ({@code steward.streams}), see
 * {@link OpenStreams}.
 *
 * @param maxPerToken streams one token may hold open
 * @param maxTotal streams every token together may hold open
 */
@ConfigurationProperties("steward.streams")
public record StreamsConfig(int maxPerToken, int maxTotal) {}
