package dev.steward.app.support.hollow;

import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** One open events call of a {@link HollowEngine}: the events that match its filters, queued until written. */
public final class HollowEventStream {

    private final Map<String, List<String>> filters;
    private final LinkedBlockingQueue<Map<String, Object>> queue = new LinkedBlockingQueue<>();
    private volatile boolean dropped;

    HollowEventStream(Map<String, List<String>> filters) {
        this.filters = filters;
    }

    Map<String, List<String>> filters() {
        return filters;
    }

    void add(Map<String, Object> event) {
        queue.add(event);
    }

    /** The next event, or {@code null} after a second without one, so a dropped stream ends soon. */
    Map<String, Object> next() throws InterruptedException {
        return queue.poll(1, TimeUnit.SECONDS);
    }

    void drop() {
        dropped = true;
    }

    boolean dropped() {
        return dropped;
    }
}
