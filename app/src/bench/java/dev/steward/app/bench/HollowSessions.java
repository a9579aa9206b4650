package dev.steward.app.bench;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Sessions of 2 x 2 pods on the hollow engine, created many at once. */
final class HollowSessions {

    private final BenchService service;
    private final Map<String, String> selector;

    /** @param selector the labels of the hollow host, so these pods go nowhere else */
    HollowSessions(BenchService service, Map<String, String> selector) {
        this.service = service;
        this.selector = selector;
    }

    /** Creates one session of {@code owner}; does not wait for it. */
    UUID createOne(String owner) {
        return service.create(BenchService.twoByTwo(owner, selector));
    }

    /**
     * Creates {@code count} sessions of {@code owner}, at most {@code concurrency} in flight (from the
     * POST until RUNNING), and waits until all are RUNNING.
     *
     * @return the sessions' ids and the milliseconds from the first POST until all were RUNNING
     */
    CreatedSessions create(String owner, int count, int concurrency, Duration within) throws Exception {
        long started = System.nanoTime();
        List<UUID> ids = new SessionWave(service, "RUNNING").run(count, concurrency, i -> createOne(owner), within);
        return new CreatedSessions(ids, (System.nanoTime() - started) / 1_000_000);
    }
}
