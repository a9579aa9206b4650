package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.steward.contract.ContainerLimits;
import dev.steward.contract.ContainerState;
import dev.steward.contract.StewardLabels;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PodKind;
import dev.steward.model.PodSpec;
import dev.steward.model.ProbeType;
import dev.steward.model.ReadinessCheck;
import dev.steward.model.Reason;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.RestartSettings;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PodPlannerTest {

    private static final UUID SESSION = UUID.fromString("6c1b9a52-4a0e-4d55-9f57-0a4f3f0b2c11");
    private static final String NEW_HASH = "a".repeat(64);
    private static final String OLD_HASH = "b".repeat(64);
    private static final ReadinessCheck CHECK = new ReadinessCheck(ProbeType.TCP, null, 8080, null, null, null, null);
    private static final long NOW = 1_000_000;

    /** base 2 s, cap 5 s, 3 restarts. */
    private static final ReconcileSettings SETTINGS =
            ReconcileSettings.DEFAULTS.with(new RestartSettings(2, 5, null, 3, null));
    private final PodPlanner planner = new PodPlanner(SETTINGS);

    @Test
    void plansTheStepForThePodsContainers() {
        ContainerState stopped = container("c1", NEW_HASH, false);
        PodPlan plan = planner.plan(new PodObservation(DesiredStatus.RUNNING, NEW_HASH, List.of(stopped)));
        assertEquals(PodPlan.Step.START, plan.step());
        assertSame(stopped, plan.current());
    }

    @Test
    void aChangedWorkerWithAReadinessCheckRollsOutBesideItsRunningOldContainer() {
        ContainerState exited = container("old-exited", OLD_HASH, false);
        ContainerState serving = container("old-running", OLD_HASH, true);
        PodPlan plan = planner.plan(new PodObservation(DesiredStatus.RUNNING, NEW_HASH, List.of(exited, serving)));

        assertSame(serving, planner.servingDuringRollout(worker(CHECK), plan));
    }

    @Test
    void aPodIsReplacedInPlaceWithoutACheckAJobOrARunningOldContainer() {
        ContainerState serving = container("old", OLD_HASH, true);
        PodPlan changed = planner.plan(new PodObservation(DesiredStatus.RUNNING, NEW_HASH, List.of(serving)));
        PodPlan oldStopped = planner.plan(
                new PodObservation(DesiredStatus.RUNNING, NEW_HASH, List.of(container("old", OLD_HASH, false))));
        PodPlan unchanged = planner.plan(new PodObservation(DesiredStatus.RUNNING, OLD_HASH, List.of(serving)));

        assertNull(planner.servingDuringRollout(worker(null), changed), "no readiness check");
        assertNull(planner.servingDuringRollout(job(), changed), "a job");
        assertNull(planner.servingDuringRollout(worker(CHECK), oldStopped), "nothing serves");
        assertNull(planner.servingDuringRollout(worker(CHECK), unchanged), "nothing to roll out");
    }

    @Test
    void aRunningContainerWithOtherLimitsIsUpdatedInPlaceUnlessALimitIsLifted() {
        ContainerLimits created = new ContainerLimits(500_000_000L, 64L << 20);
        ContainerLimits raised = new ContainerLimits(1_000_000_000L, 128L << 20);
        ContainerState running = limited("c1", created);

        assertEquals(PodPlan.Step.NONE, limitsPlan(running, created, null).step(), "created with them");
        PodPlan update = limitsPlan(running, raised, null);
        assertEquals(PodPlan.Step.UPDATE, update.step());
        assertSame(running, update.current());
        assertEquals(PodPlan.Step.NONE, limitsPlan(running, raised, new AppliedLimits("c1", raised)).step(),
                "applied in place since its start");
        assertEquals(PodPlan.Step.UPDATE, limitsPlan(running, raised, new AppliedLimits("c0", raised)).step(),
                "applied to another container");
        assertEquals(PodPlan.Step.REPLACE, limitsPlan(running, new ContainerLimits(null, 64L << 20), null).step(),
                "no engine lifts a limit in place");
        assertEquals(PodPlan.Step.UPDATE, limitsPlan(limited("c2", new ContainerLimits(null, null)), raised, null).step(),
                "a limit added applies in place");
    }

    @Test
    void aPassThatOnlyLooksForTheCurrentContainerNeverUpdatesItsLimits() {
        ContainerState running = limited("c1", new ContainerLimits(500_000_000L, null));
        assertEquals(PodPlan.Step.NONE, planner.plan(new PodObservation(DesiredStatus.RUNNING, NEW_HASH,
                List.of(running))).step());
    }

    @Test
    void decidesAfterAnExitWithThePartsSettings() {
        RestartDecision restart = planner.afterExit(new PodExit(worker(null), RestartDecision.exitOf(1, false), 1, 2, 1, NOW));
        assertEquals(RestartDecision.Action.RESTART, restart.action());
        assertEquals(NOW + 4_000, restart.restartAt(), "the third crash: base 2 s x 2^1");

        RestartDecision crashLoop = planner.afterExit(new PodExit(worker(null), RestartDecision.exitOf(1, false), 3, 3, 1, NOW));
        assertEquals(RestartDecision.Action.FAIL, crashLoop.action());
        assertEquals(Reason.CRASH_LOOP_BACK_OFF.code(), crashLoop.reason());
    }

    private PodPlan limitsPlan(ContainerState running, ContainerLimits desired, AppliedLimits applied) {
        return planner.plan(new PodObservation(DesiredStatus.RUNNING, NEW_HASH, List.of(running), desired,
                applied));
    }

    /** A running container of the desired spec, created with {@code limits}. */
    private static ContainerState limited(String id, ContainerLimits limits) {
        Map<String, String> labels = new HashMap<>(StewardLabels.forPod(SESSION, "web", "app", 1, NEW_HASH, "steward", null));
        labels.putAll(limits.labels());
        return new ContainerState(id, "steward_" + id, labels, true, "running", null, false, Instant.EPOCH);
    }

    private static ContainerState container(String id, String specHash, boolean running) {
        return new ContainerState(id, "steward_" + id, StewardLabels.forPod(SESSION, "web", "app", 1, specHash, "steward", null),
                running, running ? "running" : "exited", running ? null : 0, false, Instant.EPOCH);
    }

    private static PodSpec worker(ReadinessCheck readiness) {
        return new PodSpec("app", "img", List.of(), null, null, null, null, readiness, null, null, null);
    }

    private static PodSpec job() {
        return new PodSpec("app", "img", List.of(), null, null, PodKind.JOB, null, CHECK, null, null, null);
    }
}
