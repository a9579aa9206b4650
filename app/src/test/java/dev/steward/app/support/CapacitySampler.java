package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Watches a pool's hosts in the background while pods come and go: how many of their pods each
 * engine runs, and how many pods the hosts API says are placed there, keeping the highest of each
 * seen per host. A maximum over the whole run, so a moment of over-commit between two reads of
 * the test is caught too (as far as the sampling interval reaches).
 */
public final class CapacitySampler implements AutoCloseable {

    private static final long INTERVAL_MILLIS = 100;
    /**
     * Enough samples that the maxima mean something: on two busy cores one takes up to a few
     * seconds, and the test runs for about twenty.
     */
    private static final int MIN_SAMPLES = 5;

    private final HostPool pool;
    private final List<String> hosts;
    private final Map<String, Integer> maxRunning = new ConcurrentHashMap<>();
    private final Map<String, Long> maxPlaced = new ConcurrentHashMap<>();
    private final AtomicInteger samples = new AtomicInteger();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();

    private CapacitySampler(HostPool pool, List<String> hosts) {
        this.pool = pool;
        this.hosts = hosts;
    }

    public static CapacitySampler start(HostPool pool, String... hosts) {
        CapacitySampler started = new CapacitySampler(pool, List.of(hosts));
        started.sampler.scheduleWithFixedDelay(started::sample, 0, INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
        return started;
    }

    private void sample() {
        try {
            for (String host : hosts) {
                maxRunning.merge(host, pool.running(host).size(), Math::max);
                maxPlaced.merge(host, pool.hosts().get(host).placedPods(), Math::max);
            }
            samples.incrementAndGet();
        } catch (RuntimeException | AssertionError e) {
            // Kept, not thrown: a throwing task would silently end the sampling.
            failure.compareAndSet(null, e);
        }
    }

    /** Asserts that no host ever ran or held more pods than its pod capacity; {@code capacity} is by host name. */
    public void assertNeverOverCommitted(Map<String, Integer> capacity) {
        assertNull(failure.get(), () -> "sampling failed: " + failure.get());
        assertTrue(samples.get() >= MIN_SAMPLES, "only " + samples.get() + " samples taken");
        capacity.forEach((host, pods) -> {
            assertTrue(maxRunning.getOrDefault(host, 0) <= pods,
                    host + "'s engine ran " + maxRunning.get(host) + " pods at once, capacity " + pods);
            assertTrue(maxPlaced.getOrDefault(host, 0L) <= pods,
                    host + " held " + maxPlaced.get(host) + " placed pods at once, capacity " + pods);
        });
    }

    /** The most pods seen running on each host's engine at once. */
    public Map<String, Integer> maxRunning() {
        return Map.copyOf(maxRunning);
    }

    public int samples() {
        return samples.get();
    }

    @Override
    public void close() {
        sampler.shutdownNow();
        try {
            sampler.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
