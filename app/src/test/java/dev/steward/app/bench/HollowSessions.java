package dev.steward.app.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

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
     * Creates {@code count} sessions of {@code owner}, at most {@code concurrency} creations in flight,
     * and waits until all are RUNNING.
     *
     * @return the sessions' ids and the milliseconds from the first POST until all were RUNNING
     */
    CreatedSessions create(String owner, int count, int concurrency, Duration within) throws Exception {
        Semaphore inFlight = new Semaphore(concurrency);
        List<Future<UUID>> posts = new ArrayList<>();
        long started = System.nanoTime();
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                posts.add(clients.submit(() -> {
                    inFlight.acquire();
                    try {
                        return createOne(owner);
                    } finally {
                        inFlight.release();
                    }
                }));
            }
            List<UUID> ids = new ArrayList<>();
            for (Future<UUID> post : posts) {
                ids.add(post.get());
            }
            BenchService.await(count + " sessions of " + owner + " RUNNING", within, 20,
                    () -> service.count(owner, "RUNNING") >= count);
            return new CreatedSessions(ids, (System.nanoTime() - started) / 1_000_000);
        }
    }
}
