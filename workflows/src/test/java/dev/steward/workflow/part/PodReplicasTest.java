package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.StewardLabels;
import dev.steward.contract.TransitionRecord;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.Reason;
import dev.steward.model.ReconcileSettings;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakeContainerActivities;
import dev.steward.workflow.support.LifecycleScenarios;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.client.WorkflowStub;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A pod's replicas scaled by spec changes, on the {@code WorkflowSandbox}: 3 → 5 → 2 keeps the surviving
 * replicas' containers and releases the dropped ones' placements, and a pod given replicas becomes its replicas.
 */
class PodReplicasTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    private final FakeContainerActivities engine = sandbox.engine();
    private final UUID sessionId = UUID.randomUUID();

    @Test
    void scalingThreeToFiveToTwoKeepsTheSurvivingReplicasContainers() {
        PartWorkflow part = sandbox.startPart(sessionId, LifecycleScenarios.replicas("web", "app", 3),
                ReconcileSettings.DEFAULTS);
        PartView three = awaitReady(part, "app-0", "app-1", "app-2");
        Map<String, String> threeIds = containerIds(three);

        part.setSpec(new PartSpecChange(LifecycleScenarios.replicas("web", "app", 5), 2));
        PartView five = awaitReady(part, "app-0", "app-1", "app-2", "app-3", "app-4");
        Map<String, String> fiveIds = containerIds(five);
        threeIds.forEach((pod, id) -> assertEquals(id, fiveIds.get(pod), pod + " kept its container"));

        part.setSpec(new PartSpecChange(LifecycleScenarios.replicas("web", "app", 2), 3));
        PartView two = awaitReady(part, "app-0", "app-1");
        assertEquals(Map.of("app-0", fiveIds.get("app-0"), "app-1", fiveIds.get("app-1")), containerIds(two));
        assertEquals(List.of("app-0", "app-1"), engine.containersOf(sessionId).stream()
                .map(c -> c.label(StewardLabels.POD)).sorted().toList(), "the dropped replicas' containers are gone");
        assertEquals(List.of("app-2@local", "app-3@local", "app-4@local"),
                sandbox.placement().released().stream().sorted().toList(), "their room was given back, theirs alone");
        // Written behind the pass: recorded moments after the view shows the pods gone.
        List<TransitionRecord> removed = Eventually.await("the dropped replicas' removal recorded",
                () -> sandbox.recording().transitions().stream().filter(t -> "REMOVED".equals(t.to())).toList(),
                recorded -> recorded.size() >= 3);
        assertEquals(List.of("app-2", "app-3", "app-4"), removed.stream().map(TransitionRecord::pod).sorted().toList());
        assertTrue(removed.stream().allMatch(t -> Reason.SCALED_DOWN.code().equals(t.reason()) && t.generation() == 3),
                removed.toString());

        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 4));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        assertEquals(List.of(), engine.containersOf(sessionId));
    }

    @Test
    void aPodGivenReplicasBecomesItsReplicas() {
        PartWorkflow part = sandbox.startPart(sessionId, TestSessions.part("web", "app"),
                ReconcileSettings.DEFAULTS);
        awaitReady(part, "app");

        part.setSpec(new PartSpecChange(LifecycleScenarios.replicas("web", "app", 2), 2));

        awaitReady(part, "app-0", "app-1");
        assertEquals(List.of("app-0", "app-1"), engine.containersOf(sessionId).stream()
                .map(c -> c.label(StewardLabels.POD)).sorted().toList());
        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 3));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
    }

    private static PartView awaitReady(PartWorkflow part, String... pods) {
        List<String> wanted = List.of(pods);
        return Eventually.await("pods " + wanted + " READY, no other", part::view,
                v -> v.pods().stream().map(PodView::name).toList().equals(wanted)
                        && v.pods().stream().allMatch(p -> p.status() == PodStatus.READY));
    }

    private static Map<String, String> containerIds(PartView part) {
        return part.pods().stream().collect(Collectors.toMap(PodView::name, PodView::containerId));
    }
}
