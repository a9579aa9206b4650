package dev.steward.app.session;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.convert.format.ReadableBytes;

/**
 * Pod logs streamed to clients ({@code steward.pod-logs}), see {@link PodLogs}.
 *
 * @param buffer how much of a log the service holds for one client that reads slower than the engine sends
 *     ({@code 256KB}); then it reads no more from the engine until the client catches up
 */
@ConfigurationProperties("steward.pod-logs")
public record PodLogsConfig(@ReadableBytes int buffer) {}
