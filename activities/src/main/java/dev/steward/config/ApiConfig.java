package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import java.time.Duration;

/**
 * How long the HTTP API waits for what it depends on ({@code steward.api}).
 *
 * @param temporalTimeout the longest any one call into Temporal may take, an Update's wait for the
 *     workflow included; past it the API answers 503
 * @param retryAfter what a 503 tells the client, in its {@code Retry-After} header, to wait before
 *     trying again
 */
@ConfigurationProperties("steward.api")
public record ApiConfig(Duration temporalTimeout, Duration retryAfter) {}
