package dev.steward.workflow.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.HostNotice;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.HostStatus;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakePlacementActivities;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The host workflow: probes, what it tells placed parts and when, resync rate and continue-as-new, with time skipped. */
class HostWorkflowTest {

    private static final String HOST = "h1";
    private static final Duration PROBE_EVERY = Duration.ofSeconds(10);
    private static final Duration LOST_AFTER = Duration.ofSeconds(60);

    private final CountingSync sync = new CountingSync();
    private final ScriptedHost host = new ScriptedHost();

    @RegisterExtension
    final WorkflowSandbox sandbox = new WorkflowSandbox(HostWorkflowImpl.class).onHosts(HOST)
            .withActivities(host).withActivitiesOn(HOST, sync);

    private TestWorkflowEnvironment testEnv;
    private FakePlacementActivities placement;
    private HostWorkflow workflow;
    private WorkflowExecution first;

    @BeforeEach
    public void start() {
        testEnv = sandbox.env();
        placement = sandbox.placement();
        workflow = sandbox.newWorkflowStub(HostWorkflow.class, WorkflowIds.host(HOST));
        first = WorkflowClient.start(workflow::run, new HostInput(HOST, "steward", Duration.ofSeconds(10), false,
                PROBE_EVERY, LOST_AFTER, null, null));
    }

    @Test
    public void resyncsOncePerIntervalAndContinuesAsNewToBoundItsHistory() {
        long start = testEnv.currentTimeMillis();
        // A pass takes the probe interval plus its activities' real time, which the test server's clock
        // counts too: so wait interval by interval until the first run ended, not a fixed time.
        for (int i = 0; i < 2 * HostWorkflowImpl.PASSES_PER_RUN && first.getRunId().equals(describeRunId()); i++) {
            testEnv.sleep(PROBE_EVERY);
        }
        testEnv.sleep(PROBE_EVERY.multipliedBy(2));
        long intervals = (testEnv.currentTimeMillis() - start) / 10_000;

        assertNotEquals(first.getRunId(), describeRunId(), "a new run continued the first");
        int resyncs = sync.resyncs.get();
        assertTrue(resyncs >= HostWorkflowImpl.PASSES_PER_RUN + 1 && resyncs <= intervals + 1,
                "one resync per 10 s interval, across the continue-as-new: " + resyncs + " in " + intervals);
        assertEquals(List.of(), host.told, "a host that stays READY tells its parts nothing");
        assertEquals(List.of(), host.woken, "nor asks them for a pass");
        assertEquals(1, placement.wakes(), "waiting pods are woken once, when the host first became READY");
    }

    @Test
    public void leftoversAreSweptByTheFirstResyncAndThenOnlyEveryFewMinutes() {
        long perSweep = EngineSync.LEFTOVER_SWEEP_INTERVAL.toSeconds() / 10;
        for (int i = 0; i < 3 * perSweep && sync.resyncs.get() <= perSweep + 1; i++) {
            testEnv.sleep(PROBE_EVERY);
        }

        List<Integer> sweeps = sync.sweeps;
        assertEquals(0, sweeps.get(0), "the first resync sweeps");
        assertTrue(sweeps.size() == 2 && sweeps.get(1) >= perSweep - 2 && sweeps.get(1) <= perSweep,
                "then the first resync " + EngineSync.LEFTOVER_SWEEP_INTERVAL + " later, one in " + perSweep
                        + " at 10 s: " + sweeps + " of " + sync.resyncs.get());
    }

    @Test
    public void aLostHostIsToldOnlyAfterTheGracePeriodAndItsReturnAfterThat() {
        testEnv.sleep(Duration.ofSeconds(15));
        host.reachable = false;
        // Two failed probes make it UNREACHABLE (20 s); the grace period runs from there.
        testEnv.sleep(Duration.ofSeconds(20).plus(LOST_AFTER).minusSeconds(15));
        assertEquals(List.of(), host.told, "nothing is told within the grace period");
        assertEquals(List.of(HOST), host.woken, "its parts were asked once to look at their pods as it turned UNREACHABLE");

        testEnv.sleep(Duration.ofSeconds(30));
        assertEquals(List.of(HostStatus.UNREACHABLE), statusesTold(), "told once the host was lost");
        assertTrue(host.told.get(0).message().contains("steward.hosts.lost-after"), host.told.get(0).message());
        int resyncsWhileLost = sync.resyncs.get();

        host.reachable = true;
        testEnv.sleep(PROBE_EVERY.plusSeconds(1));
        // The probe that finds the host back may come late in that interval: what it sets off may still be under way.
        Eventually.await("told it is back", this::statusesTold,
                told -> told.equals(List.of(HostStatus.UNREACHABLE, HostStatus.READY)));
        Eventually.await("pods waiting for room woken when the host is READY again", placement::wakes,
                wakes -> wakes == 2);
        Eventually.await("a host that came back resynced at once, sweeping stale containers", sync.resyncs::get,
                resyncs -> resyncs > resyncsWhileLost);
    }

    @Test
    public void aShortOutageTellsNothing() {
        testEnv.sleep(Duration.ofSeconds(15));
        host.reachable = false;
        testEnv.sleep(LOST_AFTER.minusSeconds(10));
        host.reachable = true;
        testEnv.sleep(LOST_AFTER.multipliedBy(2));

        assertEquals(List.of(), host.told, "pods restart in place after a short outage; none is placed elsewhere");
    }

    @Test
    public void aDrainIsToldAtOnceWhenTheOperatorAsksForACheck() {
        testEnv.sleep(Duration.ofSeconds(15));
        host.draining = true;
        workflow.checkNow();

        Eventually.await("the drain told", () -> statusesTold(), told -> told.equals(List.of(HostStatus.DRAINING)));
        testEnv.sleep(PROBE_EVERY.multipliedBy(3));
        assertEquals(List.of(HostStatus.DRAINING), statusesTold(), "told once");
    }

    @Test
    public void aNoticeThatDidNotReachThePartsIsSentAgainAtTheNextProbe() {
        testEnv.sleep(Duration.ofSeconds(15));
        host.noticesLost.set(2);
        host.draining = true;
        workflow.checkNow();

        testEnv.sleep(PROBE_EVERY.multipliedBy(3));
        assertEquals(0, host.noticesLost.get(), "both lost notices were tried");
        assertEquals(List.of(HostStatus.DRAINING), statusesTold(), "told once it got through, and only once");
        assertEquals(first.getRunId(), describeRunId(), "the workflow went on probing");
    }

    @Test
    public void settingsConfiguredWhileItRunsApplyFromTheNextProbe() {
        testEnv.sleep(Duration.ofSeconds(15));
        workflow.configure(new HostInput(HOST, "steward", Duration.ofSeconds(10), false, Duration.ofSeconds(2),
                LOST_AFTER, null, null));
        workflow.checkNow();
        testEnv.sleep(Duration.ofSeconds(5));
        int before = host.probes.get();
        long start = testEnv.currentTimeMillis();

        testEnv.sleep(Duration.ofSeconds(20));
        int probes = host.probes.get() - before;
        // The test server's clock also runs while activities do, so the window may be a little longer.
        long elapsed = testEnv.currentTimeMillis() - start;
        assertTrue(probes >= 5 && probes <= elapsed / 2_000 + 1,
                "one probe every 2 s, not every 10 s: " + probes + " in " + elapsed + " ms");
    }

    @Test
    public void theWorkflowOfADeletedHostEnds() {
        testEnv.sleep(Duration.ofSeconds(15));
        host.deleted = true;
        workflow.checkNow();

        WorkflowStub.fromTyped(workflow).getResult(Void.class);
        assertEquals(first.getRunId(), describeRunId(), "it ended in its first run");
    }

    private List<HostStatus> statusesTold() {
        return host.told.stream().map(HostNotice::status).toList();
    }

    private String describeRunId() {
        return testEnv.getWorkflowClient().newUntypedWorkflowStub(WorkflowIds.host(HOST)).describe()
                .getExecution().getRunId();
    }
}
