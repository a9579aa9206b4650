package dev.steward.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The token bucket per event source, on a clock the test moves: a quiet source delivers its burst at once,
 * then one delivery per 1/rate of a minute, told how long to wait meanwhile; a source that stays quiet saves
 * up no more than the burst; one source's deliveries take nothing from another's.
 */
class EventSourceRatesTest {

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final EventSourceRates rates = new EventSourceRates(new EventRateConfig(6, 2), now::get);

    @Test
    void aSourceDeliversItsBurstThenAtItsRate() {
        assertEquals(Optional.empty(), rates.take("ci"));
        assertEquals(Optional.empty(), rates.take("ci"));
        assertEquals(Optional.of(Duration.ofSeconds(10)), rates.take("ci"), "6 a minute: one every 10 s");
        advance(Duration.ofSeconds(4));
        assertEquals(Optional.of(Duration.ofSeconds(6)), rates.take("ci"));
        advance(Duration.ofSeconds(6));
        assertEquals(Optional.empty(), rates.take("ci"));
        assertEquals(Optional.of(Duration.ofSeconds(10)), rates.take("ci"));
    }

    @Test
    void aQuietSourceSavesUpNoMoreThanItsBurst() {
        advance(Duration.ofHours(30 * 24));
        assertEquals(Optional.empty(), rates.take("ci"));
        assertEquals(Optional.empty(), rates.take("ci"));
        assertEquals(Optional.of(Duration.ofSeconds(10)), rates.take("ci"));
    }

    @Test
    void eachSourceHasItsOwnBucket() {
        rates.take("ci");
        rates.take("ci");
        assertEquals(Optional.of(Duration.ofSeconds(10)), rates.take("ci"));
        assertEquals(Optional.empty(), rates.take("billing"));
    }

    private void advance(Duration by) {
        now.addAndGet(by.toNanos());
    }
}
