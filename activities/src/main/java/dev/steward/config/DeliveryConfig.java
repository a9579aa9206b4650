package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import java.time.Duration;

/**
 * Delivery of status events to subscriptions ({@code steward.delivery}).
 *
 * @param pollInterval how often a worker looks for subscriptions with events to deliver besides when an event
 *        appended to the outbox wakes it
 * @param timeout how long a sink may take to accept a connection and to answer one request
 * @param backoffBase the wait after a first failed attempt; it doubles with each failure in a row
 * @param backoffCap the longest wait between attempts (a sink's {@code Retry-After} may ask for longer)
 * @param failingAfter a subscription none of whose attempts worked for this long is FAILING
 * @param lease how long a worker holds a subscription it delivers to before another may take it over
 * @param concurrency subscriptions one worker delivers to at once
 * @param origin this sender's name in the abuse-protection handshake ({@code WebHook-Request-Origin})
 */
@ConfigurationProperties("steward.delivery")
public record DeliveryConfig(
        Duration pollInterval,
        Duration timeout,
        Duration backoffBase,
        Duration backoffCap,
        Duration failingAfter,
        Duration lease,
        int concurrency,
        String origin) {}
