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
    private final Map<String, T> byHost = new HashMap<>();

    public HostStubs(Class<T> activities, ActivityOptions options) {
        this.activities = activities;
        this.options = options.getScheduleToCloseTimeout() != null ? options : ActivityOptions.newBuilder(options)
                .setScheduleToCloseTimeout(options.getStartToCloseTimeout().plus(QUEUE_WAIT))
                .build();
    }

    /** The stub whose calls run against {@code host}'s engine. */
    public T on(String host) {
        return byHost.computeIfAbsent(host, h -> Workflow.newActivityStub(activities, ActivityOptions.newBuilder(options)
                .setTaskQueue(HostQueues.of(Workflow.getInfo().getTaskQueue(), h))
                .build()));
    }
}
