package dev.steward.workflow;

import dev.steward.contract.HostQueues;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.util.Map;

/**
 * Registers what workflows call besides themselves: each fake engine on its host's task queue, the
 * first one also on the main queue (the local engine of runs started before placement), placement
 * and any other activities.
 */
public final class TestHosts {

    public static final String LOCAL = "local";

    private TestHosts() {}

    /** One host, {@code local}, with unlimited room. */
    public static void registerLocal(TestWorkflowEnvironment env, Worker worker, FakeEngine engine, Object... activities) {
        register(env, worker, new FakePlacement(LOCAL), Map.of(LOCAL, engine), activities);
    }

    public static void register(TestWorkflowEnvironment env, Worker worker, FakePlacement placement,
            Map<String, FakeEngine> enginesByHost, Object... activities) {
        FakeEngine first = enginesByHost.containsKey(LOCAL) ? enginesByHost.get(LOCAL)
                : enginesByHost.values().iterator().next();
        worker.registerActivitiesImplementations(first, placement);
        worker.registerActivitiesImplementations(activities);
        enginesByHost.forEach((host, engine) -> env.newWorker(HostQueues.of(worker.getTaskQueue(), host))
                .registerActivitiesImplementations(engine));
    }
}
