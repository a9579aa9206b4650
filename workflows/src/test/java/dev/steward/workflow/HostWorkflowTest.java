package dev.steward.workflow;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.activity.HostSyncActivities;
import dev.steward.activity.ResyncResult;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.TestWorkflowExtension;
import io.temporal.worker.Worker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The host workflow's resync rate and its continue-as-new, with time skipped. */
class HostWorkflowTest {

    @RegisterExtension
    static final TestWorkflowExtension temporal = TestWorkflowExtension.newBuilder()
            .registerWorkflowImplementationTypes(HostWorkflowImpl.class)
            .setDoNotStart(true)
            .build();

    /** Counts resyncs; relays return at once, as if each watch period ended. */
    static final class CountingHost implements HostSyncActivities {
        final AtomicInteger resyncs = new AtomicInteger();

        @Override
        public void relayEvents(String deployment, int seconds) {}

        @Override
        public ResyncResult resync(String deployment, int orphanAgeSeconds) {
            resyncs.incrementAndGet();
            return new ResyncResult(0, 0, 0);
        }
    }

    @Test
    void resyncsOncePerIntervalAndContinuesAsNewToBoundItsHistory(TestWorkflowEnvironment testEnv, Worker worker,
            WorkflowOptions options) {
        CountingHost host = new CountingHost();
        worker.registerActivitiesImplementations(host);
        testEnv.start();
        HostWorkflow workflow = testEnv.getWorkflowClient().newWorkflowStub(HostWorkflow.class,
                WorkflowOptions.newBuilder(options).setWorkflowId(WorkflowIds.host("local")).build());
        WorkflowExecution first = WorkflowClient.start(workflow::run,
                new HostInput("local", "steward", Duration.ofSeconds(10), false));

        testEnv.sleep(Duration.ofSeconds(10L * HostWorkflowImpl.PASSES_PER_RUN + 25));

        int resyncs = host.resyncs.get();
        assertTrue(resyncs >= HostWorkflowImpl.PASSES_PER_RUN + 2 && resyncs <= HostWorkflowImpl.PASSES_PER_RUN + 4,
                "one resync per 10 s interval, across the continue-as-new: " + resyncs);
        assertNotEquals(first.getRunId(), describeRunId(testEnv), "a new run continued the first");
    }

    private static String describeRunId(TestWorkflowEnvironment testEnv) {
        return testEnv.getWorkflowClient().newUntypedWorkflowStub(WorkflowIds.host("local")).describe()
                .getExecution().getRunId();
    }
}
