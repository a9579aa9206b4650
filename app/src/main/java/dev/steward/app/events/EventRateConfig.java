package dev.steward.app.events;

import io.micronaut.context.annotation.ConfigurationProperties;

/**
 * How fast each event source may deliver ({@code steward.events.rate}), see {@link EventSourceRates}.
 *
 * @param perMinute deliveries (requests, however many events each carries) per minute per event source; the
 *     Web Hooks handshake answers it as {@code WebHook-Allowed-Rate}
 * @param burst deliveries a source that kept quiet may send at once before the rate holds it back
 */
@ConfigurationProperties("steward.events.rate")
public record EventRateConfig(int perMinute, int burst) {}
