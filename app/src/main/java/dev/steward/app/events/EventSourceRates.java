package dev.steward.app.events;

import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * A token bucket per event source, so that one sender cannot take the service from the others: each delivery
 * takes a token, tokens come back at {@code steward.events.rate.per-minute} and a source holds at most
 * {@code burst}. Each process keeps its own buckets: behind a load balancer, a source may deliver that much to
 * every replica.
 */
@Singleton
public class EventSourceRates {

    private static final long NANOS_PER_MINUTE = Duration.ofMinutes(1).toNanos();
    /** The most tokens a bucket counts without overflowing. */
    private static final long MAX_BURST = Long.MAX_VALUE / NANOS_PER_MINUTE;

    private final EventRateConfig config;
    private final LongSupplier nanoTime;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    public EventSourceRates(EventRateConfig config) {
        this(config, System::nanoTime);
    }

    EventSourceRates(EventRateConfig config, LongSupplier nanoTime) {
        if (config.perMinute() < 1 || config.burst() < 1 || config.burst() > MAX_BURST) {
            throw new IllegalArgumentException("steward.events.rate.per-minute must be 1 or more and burst 1 to "
                    + MAX_BURST + ", not " + config.perMinute() + " and " + config.burst());
        }
        this.config = config;
        this.nanoTime = nanoTime;
    }

    /** Deliveries each source may make a minute, as the Web Hooks handshake tells senders. */
    public int perMinute() {
        return config.perMinute();
    }

    /**
     * Takes a token of {@code source}'s bucket.
     *
     * @return empty when the delivery may go on; else how long until the bucket has a token again
     */
    public Optional<Duration> take(String source) {
        return buckets.computeIfAbsent(source, name -> new Bucket(config.burst(), nanoTime.getAsLong())).take();
    }

    /** One source's tokens. */
    private final class Bucket {

        /** Tokens held, times {@link #NANOS_PER_MINUTE}, so that refills stay whole numbers. */
        private long held;
        private long refilledAt;

        Bucket(int tokens, long now) {
            this.held = tokens * NANOS_PER_MINUTE;
            this.refilledAt = now;
        }

        synchronized Optional<Duration> take() {
            long now = nanoTime.getAsLong();
            long full = config.burst() * NANOS_PER_MINUTE;
            long elapsed = now - refilledAt;
            held = elapsed > full / config.perMinute() ? full : Math.min(full, held + elapsed * config.perMinute());
            refilledAt = now;
            if (held >= NANOS_PER_MINUTE) {
                held -= NANOS_PER_MINUTE;
                return Optional.empty();
            }
            long missing = NANOS_PER_MINUTE - held;
            return Optional.of(Duration.ofNanos((missing + config.perMinute() - 1) / config.perMinute()));
        }
    }
}
