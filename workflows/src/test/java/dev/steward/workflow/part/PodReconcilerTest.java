package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.params.provider.Arguments.argumentSet;

import dev.steward.contract.ContainerState;
import dev.steward.contract.TestContainers;
import dev.steward.model.DesiredStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class PodReconcilerTest {

    private static final String DESIRED_HASH = "a".repeat(64);
    private static final String OLD_HASH = "b".repeat(64);

    /** What the engine shows of a pod whose desired status is RUNNING, and the plan for it. */
    static Stream<Arguments> whileRunning() {
        ContainerState stopped = TestContainers.ofApp("c1", DESIRED_HASH, false);
        ContainerState running = TestContainers.ofApp("c1", DESIRED_HASH, true);
        ContainerState outdated = TestContainers.ofApp("old", OLD_HASH, true);
        ContainerState outdatedStopped = TestContainers.ofApp("old", OLD_HASH, false);
        ContainerState current = TestContainers.ofApp("new", DESIRED_HASH, true);
        ContainerState unlabelled = new ContainerState("x", "x", Map.of(), true, "running", null, false, Instant.EPOCH);
        ContainerState duplicate = TestContainers.ofApp("c2", DESIRED_HASH, true);
        return Stream.of(
                argumentSet("nothing observed: create", List.of(), PodPlan.Step.CREATE, null, List.of()),
                argumentSet("the matching container stopped: start it", List.of(stopped), PodPlan.Step.START, stopped,
                        List.of()),
                argumentSet("the matching container runs: nothing", List.of(running), PodPlan.Step.NONE, running,
                        List.of()),
                argumentSet("an outdated container: remove it and create the desired one", List.of(outdated),
                        PodPlan.Step.CREATE, null, List.of(outdated)),
                argumentSet("outdated containers beside a running current one: remove them",
                        List.of(outdatedStopped, current), PodPlan.Step.NONE, current, List.of(outdatedStopped)),
                argumentSet("a container without a spec-hash label is outdated", List.of(unlabelled),
                        PodPlan.Step.CREATE, null, List.of(unlabelled)),
                argumentSet("two with the desired spec: keep one, remove its duplicate", List.of(running, duplicate),
                        PodPlan.Step.NONE, running, List.of(duplicate)));
    }

    @ParameterizedTest
    @MethodSource("whileRunning")
    void plansWhileRunning(List<ContainerState> observed, PodPlan.Step step, ContainerState keeps,
            List<ContainerState> removes) {
        PodPlan plan = PodReconciler.plan(DesiredStatus.RUNNING, DESIRED_HASH, observed);
        assertEquals(step, plan.step());
        assertSame(keeps, plan.current());
        assertEquals(removes, plan.remove());
    }

    @ParameterizedTest
    @EnumSource(value = DesiredStatus.class, names = {"STOPPED", "DELETED"})
    void removesEveryContainerWhenNotRunning(DesiredStatus desired) {
        ContainerState current = TestContainers.ofApp("new", DESIRED_HASH, true);
        ContainerState outdated = TestContainers.ofApp("old", OLD_HASH, false);
        PodPlan plan = PodReconciler.plan(desired, DESIRED_HASH, List.of(current, outdated));
        assertEquals(PodPlan.Step.NONE, plan.step());
        assertNull(plan.current());
        assertEquals(List.of(current, outdated), plan.remove());
    }

    @ParameterizedTest
    @EnumSource(value = DesiredStatus.class, names = {"STOPPED", "DELETED"})
    void doesNothingWhenNotRunningAndNothingIsObserved(DesiredStatus desired) {
        PodPlan plan = PodReconciler.plan(desired, DESIRED_HASH, List.of());
        assertEquals(PodPlan.Step.NONE, plan.step());
        assertNull(plan.current());
        assertEquals(List.of(), plan.remove());
    }
}
