package dev.steward.app.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * Acts on many sessions with at most {@code limit} of them in flight, one being in flight from its
 * request until the read model shows it in the status awaited: thousands of sessions are brought up
 * (or down) as a steady stream the service works through, not as one burst of requests that leaves
 * thousands of workflows in flight at once.
 */
final class SessionWave {

    /** How often the sessions in flight are looked up, all in one query. */
    private static final long POLL_MILLIS = 20;

    private final BenchService service;
    private final String status;

    /** @param status the status that ends a session's flight, e.g. RUNNING or DELETED */
    SessionWave(BenchService service, String status) {
        this.service = service;
        this.status = status;
    }

    /**
     * Runs {@code act} for 0 to {@code count - 1}, each returning the session it acted on, with at most
     * {@code limit} sessions not yet in the awaited status; returns once all are.
     *
     * @return the sessions, in the order acted on
     */
    List<UUID> run(int count, int limit, IntFunction<UUID> act, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        Semaphore room = new Semaphore(limit);
        Set<UUID> inFlight = ConcurrentHashMap.newKeySet();
        List<UUID> acted = Collections.synchronizedList(new ArrayList<>(count));
        List<Future<?>> requests = new ArrayList<>(count);
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<?> watching = clients.submit(() -> watch(inFlight, room, count, deadline));
            try {
                for (int i = 0; i < count; i++) {
                    awaitRoom(room, watching, deadline, () -> "not within " + within + ": " + count + " sessions "
                            + status + ", " + inFlight.size() + " still in flight");
                    int index = i;
                    requests.add(clients.submit(() -> {
                        UUID id = act.apply(index);
                        acted.add(id);
                        inFlight.add(id);
                        return null;
                    }));
                }
                for (Future<?> request : requests) {
                    request.get();
                }
                watching.get();
            } finally {
                // A failed request or wait ends the watch too: closing the executor waits for it.
                watching.cancel(true);
            }
        }
        return List.copyOf(acted);
    }

    /** Takes a place, failing as soon as the watch failed or the deadline passed. */
    private static void awaitRoom(Semaphore room, Future<?> watching, long deadline, Supplier<String> late)
            throws Exception {
        while (!room.tryAcquire(100, TimeUnit.MILLISECONDS)) {
            if (watching.isDone()) {
                watching.get(); // throws what ended it
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(late.get());
            }
        }
    }

    /** Frees a place for each session seen in the awaited status, until {@code count} were. */
    private Void watch(Set<UUID> inFlight, Semaphore room, int count, long deadline) throws InterruptedException {
        int done = 0;
        while (done < count) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(done + " of " + count + " sessions " + status + " in time");
            }
            Set<UUID> arrived = inFlight.isEmpty() ? Set.of() : service.withStatus(List.copyOf(inFlight), status);
            inFlight.removeAll(arrived);
            done += arrived.size();
            room.release(arrived.size());
            Thread.sleep(POLL_MILLIS);
        }
        return null;
    }
}
