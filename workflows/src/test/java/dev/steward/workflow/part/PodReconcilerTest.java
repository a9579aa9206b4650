package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.steward.contract.ContainerState;
import dev.steward.contract.StewardLabels;
import dev.steward.model.DesiredStatus;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PodReconcilerTest {

    private static final UUID SESSION = UUID.fromString("6c1b9a52-4a0e-4d55-9f57-0a4f3f0b2c11");
    private static final String DESIRED_HASH = "a".repeat(64);
    private static final String OLD_HASH = "b".repeat(64);

    private static ContainerState container(String id, String specHash, boolean running) {
        return new ContainerState(id, "steward_" + id, StewardLabels.forPod(SESSION, "web", "app", 1, specHash, "steward", null),
                running, running ? "running" : "exited", running ? null : 0, false, Instant.EPOCH);
    }

    @Test
    void createsWhenNothingIsObserved() {
        PodPlan plan = PodReconciler.plan(DesiredStatus.RUNNING, DESIRED_HASH, List.of());
        assertEquals(PodPlan.Step.CREATE, plan.step());
        assertNull(plan.current());
        assertEquals(List.of(), plan.remove());
    }

    @Test
    void startsTheMatchingContainerWhenItIsStopped() {
        ContainerState stopped = container("c1", DESIRED_HASH, false);
        PodPlan plan = PodReconciler.plan(DesiredStatus.RUNNING, DESIRED_HASH, List.of(stopped));
        assertEquals(PodPlan.Step.START, plan.step());
        assertSame(stopped, plan.current());
        assertEquals(List.of(), plan.remove());
    }

    @Test
    void doesNothingWhenTheMatchingContainerRuns() {
        ContainerState running = container("c1", DESIRED_HASH, true);
        PodPlan plan = PodReconciler.plan(DesiredStatus.RUNNING, DESIRED_HASH, List.of(running));
        assertEquals(PodPlan.Step.NONE, plan.step());
        assertSame(running, plan.current());
        assertEquals(List.of(), plan.remove());
    }

    @Test
    void removesAnOutdatedContainerAndCreatesTheDesiredOne() {
        ContainerState outdated = container("old", OLD_HASH, true);
        PodPlan plan = PodReconciler.plan(DesiredStatus.RUNNING, DESIRED_HASH, List.of(outdated));
        assertEquals(PodPlan.Step.CREATE, plan.step());
        assertNull(plan.current());
        assertEquals(List.of(outdated), plan.remove());
    }

    @Test
    void removesOutdatedContainersBesideARunningCurrentOne() {
        ContainerState outdated = container("old", OLD_HASH, false);
        ContainerState current = container("new", DESIRED_HASH, true);
        PodPlan plan = PodReconciler.plan(DesiredStatus.RUNNING, DESIRED_HASH, List.of(outdated, current));
        assertEquals(PodPlan.Step.NONE, plan.step());
        assertSame(current, plan.current());
        assertEquals(List.of(outdated), plan.remove());
    }

    @Test
    void aContainerWithoutSpecHashLabelIsOutdated() {
        ContainerState unlabelled = new ContainerState("x", "x", java.util.Map.of(), true, "running", null, false,
                Instant.EPOCH);
        PodPlan plan = PodReconciler.plan(DesiredStatus.RUNNING, DESIRED_HASH, List.of(unlabelled));
        assertEquals(PodPlan.Step.CREATE, plan.step());
        assertEquals(List.of(unlabelled), plan.remove());
    }

    @Test
    void keepsOneContainerWithTheDesiredSpecAndRemovesItsDuplicate() {
        ContainerState first = container("c1", DESIRED_HASH, true);
        ContainerState duplicate = container("c2", DESIRED_HASH, true);
        PodPlan plan = PodReconciler.plan(DesiredStatus.RUNNING, DESIRED_HASH, List.of(first, duplicate));
        assertEquals(PodPlan.Step.NONE, plan.step());
        assertSame(first, plan.current());
        assertEquals(List.of(duplicate), plan.remove());
    }

    @ParameterizedTest
    @EnumSource(value = DesiredStatus.class, names = {"STOPPED", "DELETED"})
    void removesEveryContainerWhenNotRunning(DesiredStatus desired) {
        ContainerState current = container("new", DESIRED_HASH, true);
        ContainerState outdated = container("old", OLD_HASH, false);
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
