package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.ContainerEvent;
import dev.steward.contract.ContainerLimits;
import dev.steward.contract.TransitionRecord;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PodResources;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ReconcileSettings;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakeContainerActivities;
import dev.steward.workflow.support.PartRuns;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.client.WorkflowClient;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A change of a pod's limits in a part workflow: in place where the engine can, again after a restart. */
class PodLimitsTest {

    private static final long MIB = 1024 * 1024;
    /** Runs continue as new after this many events: a few passes. */
    private static final int SHORT_RUNS = 120;

    @RegisterExtension
    final WorkflowSandbox sandbox = new WorkflowSandbox(PartWorkflowImpl.class);

    private final FakeContainerActivities engine = sandbox.engine();
    private final UUID sessionId = UUID.randomUUID();
    private PartWorkflow part;

    @Test
    void aChangeOfLimitsIsAppliedInPlaceAndAppliedAgainAfterARestart() {
        part = sandbox.startPart(sessionId, limited(0.5, 64L), ReconcileSettings.DEFAULTS);
        String id = awaitPod("READY", v -> v.status() == PodStatus.READY).containerId();
        assertEquals(new ContainerLimits(500_000_000L, 64 * MIB), engine.limitsOf(id));

        part.setSpec(new PartSpecChange(limited(1.0, 128L), 2));
        PodView updated = awaitPod("LimitsUpdated", v -> "LimitsUpdated".equals(v.reason()));
        assertEquals(id, updated.containerId(), "the container is kept");
        assertEquals(PodStatus.READY, updated.status());
        assertEquals("cpus 0.5 → 1, memory 64 → 128 MiB, applied in place", updated.message());
        ContainerLimits raised = new ContainerLimits(1_000_000_000L, 128 * MIB);
        assertEquals(raised, engine.limitsOf(id));

        // The engine brings back the created limits at a start: the restart applies the new ones again.
        engine.exit(id, 1, false);
        part.containerEvent(new ContainerEvent(id, "app", "die", 1, 0));
        awaitPod("READY after a restart", v -> v.status() == PodStatus.READY && v.restarts() == 1);
        assertEquals(raised, engine.limitsOf(id));
        assertEquals(2, engine.limitUpdates());
        assertEquals(2, transitions("LimitsUpdated").size());
        assertTrue(transitions("LimitsUpdated").getLast().message().endsWith("applied in place"));

        // Once in force, the limits are left alone: another pass updates nothing.
        passes(2);
        assertEquals(2, engine.limitUpdates(), "no update once the limits are in force");
        assertEquals(1, engine.containers().size());
    }

    @Test
    void limitsAppliedInPlaceAreCarriedIntoTheNextRun() {
        part = sandbox.newWorkflowStub(PartWorkflow.class, WorkflowIds.part(sessionId, "web"));
        WorkflowClient.start(part::run, new PartInput(sessionId, limited(0.5, 64L), DesiredStatus.RUNNING, 1,
                ReconcileSettings.DEFAULTS, SHORT_RUNS, null, false));
        String id = awaitPod("READY", v -> v.status() == PodStatus.READY).containerId();
        part.setSpec(new PartSpecChange(limited(1.0, 128L), 2));
        awaitPod("LimitsUpdated", v -> "LimitsUpdated".equals(v.reason()));

        while (PartRuns.of(sandbox.client(), sessionId, "web").size() < 2) {
            passes(1);
        }
        passes(2);
        assertEquals(1, engine.limitUpdates(), "the next run knows the limits in force");
        assertEquals(new ContainerLimits(1_000_000_000L, 128 * MIB), engine.limitsOf(id));
        assertEquals(id, part.view().pods().getFirst().containerId());
    }

    @Test
    void anEngineWithoutAnUpdateCallGetsANewContainerWithTheNewLimits() {
        engine.withoutUpdateCall();
        part = sandbox.startPart(sessionId, limited(0.5, 64L), ReconcileSettings.DEFAULTS);
        String id = awaitPod("READY", v -> v.status() == PodStatus.READY).containerId();

        part.setSpec(new PartSpecChange(limited(1.0, 64L), 2));
        PodView replaced = awaitPod("READY on a new container",
                v -> v.status() == PodStatus.READY && !id.equals(v.containerId()));
        assertEquals(new ContainerLimits(1_000_000_000L, 64 * MIB), engine.limitsOf(replaced.containerId()));
        assertEquals(1, engine.containers().size(), "the old container is gone");
        TransitionRecord why = transitions("LimitsReplaced").getFirst();
        assertEquals("cpus 0.5 → 1: the engine has no update call; replacing the container", why.message());
    }

    @Test
    void liftingALimitReplacesTheContainer() {
        part = sandbox.startPart(sessionId, limited(0.5, 64L), ReconcileSettings.DEFAULTS);
        String id = awaitPod("READY", v -> v.status() == PodStatus.READY).containerId();

        part.setSpec(new PartSpecChange(limited(null, 64L), 2));
        PodView replaced = awaitPod("READY on a new container",
                v -> v.status() == PodStatus.READY && !id.equals(v.containerId()));
        assertNotEquals(id, replaced.containerId());
        assertEquals(new ContainerLimits(null, 64 * MIB), engine.limitsOf(replaced.containerId()));
        assertEquals(0, engine.limitUpdates());
        assertTrue(transitions("LimitsReplaced").getFirst().message().startsWith("cpus 0.5 → none: no engine lifts"));
    }

    /** Asks for {@code n} passes, one after the other: a pass lists only once the one before it is done. */
    private void passes(int n) {
        for (int i = 0; i < n; i++) {
            int listings = engine.listings();
            part.reconcileNow();
            Eventually.await("another pass", engine::listings, count -> count > listings);
        }
    }

    private static PartSpec limited(Double cpus, Long memoryMb) {
        PodSpec app = new PodSpec("app", TestSessions.IMAGE, List.of("sleep", "3600"), Map.of(), List.of(), null, null,
                null, null, null, new PodResources(cpus, memoryMb));
        return new PartSpec("web", List.of(app));
    }

    /** The pod's recorded transitions for this reason, once the part has written what it recorded so far. */
    private List<TransitionRecord> transitions(String reason) {
        sandbox.awaitTransitionsWritten(WorkflowIds.part(sessionId, "web"));
        return sandbox.recording().podTransitions(sessionId, "web", "app").stream()
                .filter(t -> reason.equals(t.reason())).toList();
    }

    private PodView awaitPod(String what, Predicate<PodView> wanted) {
        return Eventually.await("pod app " + what, part::view, v -> wanted.test(v.pods().getFirst())).pods().getFirst();
    }
}
