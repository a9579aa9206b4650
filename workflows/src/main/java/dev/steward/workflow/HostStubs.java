package dev.steward.workflow;

import dev.steward.contract.HostQueues;
import io.temporal.activity.ActivityOptions;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Activity stubs of one interface, one per host, each scheduling on that host's task queue. Every call
 * has a schedule-to-close timeout: a host whose worker is gone leaves its calls unpolled, and they fail
 * with a timeout (the host did not answer) instead of holding the workflow forever.
 */
public final class HostStubs<T> {

    /**
     * How long a call may wait on top of one attempt's start-to-close timeout, for a poller and for its
     * retries, when its options set no schedule-to-close timeout of their own.
     */
    static final Duration QUEUE_WAIT = Duration.ofMinutes(1);

    private final Class<T> activities;
    private final ActivityOptions options;
    private final boolean watch;
    private final Map<String, T> byHost = new HashMap<>();

    private HostStubs(Class<T> activities, ActivityOptions options, boolean watch) {
        this.activities = activities;
        this.options = options.getScheduleToCloseTimeout() != null ? options : ActivityOptions.newBuilder(options)
                .setScheduleToCloseTimeout(options.getStartToCloseTimeout().plus(QUEUE_WAIT))
                .build();
        this.watch = watch;
    }

    /** Short calls of the host's engine, on its queue ({@link HostQueues#of}). */
    public HostStubs(Class<T> activities, ActivityOptions options) {
        this(activities, options, false);
    }

    /**
     * Long calls that watch the host's engine (readiness probes, the event relay), on its watch queue
     * ({@link HostQueues#watchOf}), so they never take the activity slots of short engine calls.
     */
    public static <T> HostStubs<T> watching(Class<T> activities, ActivityOptions options) {
        return new HostStubs<>(activities, options, true);
    }

    /** The stub whose calls run against {@code host}'s engine. */
    public T on(String host) {
        return byHost.computeIfAbsent(host, h -> {
            String base = Workflow.getInfo().getTaskQueue();
            return Workflow.newActivityStub(activities, ActivityOptions.newBuilder(options)
                    .setTaskQueue(watch ? HostQueues.watchOf(base, h) : HostQueues.of(base, h))
                    .build());
        });
    }
}
