package dev.steward.workflow;

import dev.steward.contract.HostQueues;
import io.temporal.activity.ActivityOptions;
import io.temporal.workflow.Workflow;
import java.util.HashMap;
import java.util.Map;

/** Activity stubs of one interface, one per host, each scheduling on that host's task queue. */
public final class HostStubs<T> {

    private final Class<T> activities;
    private final ActivityOptions options;
    private final Map<String, T> byHost = new HashMap<>();

    public HostStubs(Class<T> activities, ActivityOptions options) {
        this.activities = activities;
        this.options = options;
    }

    /** The stub whose calls run against {@code host}'s engine. */
    public T on(String host) {
        return byHost.computeIfAbsent(host, h -> Workflow.newActivityStub(activities, ActivityOptions.newBuilder(options)
                .setTaskQueue(HostQueues.of(Workflow.getInfo().getTaskQueue(), h))
                .build()));
    }
}
