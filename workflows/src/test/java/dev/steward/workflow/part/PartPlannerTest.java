package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.steward.model.DesiredStatus;
import dev.steward.model.HostStatus;
import dev.steward.model.PartStatus;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.Reason;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PartPlannerTest {

    private static final long NOW = 1_000_000;

    private final PartPlanner planner = new PartPlanner();

    @ParameterizedTest(name = "{4}")
    @CsvSource({
        "READY,    3, 3, 3, converged: the pass's generation",
        "CREATING, 3, 3, 2, not converged: the generation converged to before",
        "READY,    4, 3, 2, a pass that began on an older generation has not converged to the new one",
    })
    void thePartHasConvergedToAGenerationOnceAPassOfItConverged(PodStatus cache, long generation, long passGeneration,
            long observedGeneration, String what) {
        PartPlan plan = planner.plan(observation(List.of(pod("app", PodStatus.READY), pod("cache", cache)),
                "0", generation, passGeneration, 2));

        assertEquals(observedGeneration, plan.observedGeneration(), what);
    }

    @Test
    void aFailedPartReportsItsFirstFailedPodWithItsAttempts() {
        PodView cache = new PodView("cache", PodStatus.FAILED, Reason.CRASH_LOOP_BACK_OFF.code(), "exited 5 times", "c2", "h1");
        PodView worker = new PodView("worker", PodStatus.FAILED, Reason.ENGINE_ERROR.code(), "no engine", null, null);
        PartPlan plan = planner.plan(observation(List.of(pod("app", PodStatus.READY), cache, worker), "0", 1, 1, 0));

        assertEquals(PartStatus.FAILED, plan.status());
        assertEquals(new PartFailure("cache", Reason.CRASH_LOOP_BACK_OFF.code(), "exited 5 times", 6), plan.failure());
    }

    @ParameterizedTest(name = "cache {0}, maxUnhealthy {1}")
    @CsvSource({"READY, 0, AllPodsReady", "FAILED, 1, WithinMaxUnhealthy"})
    void aPartWithoutTooManyFailedPodsIsReadyAndReportsNoFailure(PodStatus cache, String maxUnhealthy, String reason) {
        PartPlan plan = planner.plan(observation(List.of(pod("app", PodStatus.READY), pod("cache", cache)),
                maxUnhealthy, 1, 1, 0));

        assertEquals(PartStatus.READY, plan.status());
        assertEquals(reason, plan.reason());
        assertNull(plan.failure());
    }

    @Test
    void theFirstWorkerOnADrainingHostWhoseRetryIsDueMoves() {
        List<MoveCandidate> pods = List.of(
                new MoveCandidate("on-ready-host", false, null, null),
                new MoveCandidate("job", true, HostStatus.DRAINING, null),
                new MoveCandidate("on-disabled-host", false, HostStatus.DISABLED, null),
                new MoveCandidate("waiting", false, HostStatus.DRAINING, NOW + 1),
                new MoveCandidate("due", false, HostStatus.DRAINING, NOW),
                new MoveCandidate("next", false, HostStatus.DRAINING, null));

        assertEquals("due", planner.nextToMoveOffDrainingHost(DesiredStatus.RUNNING, pods, NOW));
        assertEquals("next", planner.nextToMoveOffDrainingHost(DesiredStatus.RUNNING, pods.subList(5, 6), NOW));
    }

    @Test
    void noPodMovesWhenThePartIsNotToRunOrNoHostDrains() {
        List<MoveCandidate> draining = List.of(new MoveCandidate("app", false, HostStatus.DRAINING, null));

        assertNull(planner.nextToMoveOffDrainingHost(DesiredStatus.STOPPED, draining, NOW));
        assertNull(planner.nextToMoveOffDrainingHost(DesiredStatus.DELETED, draining, NOW));
        assertNull(planner.nextToMoveOffDrainingHost(DesiredStatus.RUNNING,
                List.of(new MoveCandidate("app", false, null, null)), NOW));
    }

    private static PartObservation observation(List<PodView> pods, String maxUnhealthy, long generation,
            long passGeneration, long observedGeneration) {
        return new PartObservation(DesiredStatus.RUNNING, pods, maxUnhealthy, Map.of("cache", 6, "worker", 1),
                generation, passGeneration, observedGeneration);
    }

    private static PodView pod(String name, PodStatus status) {
        return new PodView(name, status, Reason.RUNNING.code(), "the container runs", "c-" + name, "h1");
    }
}
