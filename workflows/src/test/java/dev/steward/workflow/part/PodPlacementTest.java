package dev.steward.workflow.part;

import static dev.steward.workflow.part.PartViews.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.HostNotice;
import dev.steward.contract.StewardLabels;
import dev.steward.contract.TransitionRecord;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.HostStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ProbeType;
import dev.steward.model.ReadinessCheck;
import dev.steward.model.ReconcileSettings;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakeContainerActivities;
import dev.steward.workflow.support.FakePlacementActivities;
import dev.steward.workflow.support.InMemoryRecording;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A part's pods on two hosts: placement, waiting for room, host loss, disable and drain. */
class PodPlacementTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = new WorkflowSandbox(PartWorkflowImpl.class).onHosts("a", "b");

    private final List<String> journal = sandbox.journal();
    private final FakeContainerActivities hostA = sandbox.engine("a");
    private final FakeContainerActivities hostB = sandbox.engine("b");
    private final FakePlacementActivities placement = sandbox.placement();
    private final InMemoryRecording recording = sandbox.recording();
    private final UUID sessionId = UUID.randomUUID();

    @Test
    void podsSpreadOverBothHostsAndEachContainerRunsWhereItsPodWasPlaced() {
        PartWorkflow part = start("p1", "p2", "p3", "p4");

        PartView ready = awaitReady(part);

        assertEquals(Map.of("a", 2L, "b", 2L), ready.pods().stream()
                .collect(Collectors.groupingBy(PodView::host, Collectors.counting())));
        for (PodView pod : ready.pods()) {
            FakeContainerActivities engine = pod.host().equals("a") ? hostA : hostB;
            assertEquals(pod.host(), engine.containerOf(sessionId, "web", pod.name()).orElseThrow()
                    .label(StewardLabels.HOST), pod.name());
        }
        assertEquals(2, placement.podsOn("a"));
        assertEquals(2, placement.podsOn("b"));
    }

    @Test
    void aPodThatFitsNowhereWaitsUnschedulableAndStartsWhenWokenAfterRoomAppeared() {
        placement.setSlots("a", 1);
        placement.setSlots("b", 0);
        PartWorkflow part = start("p1", "p2");

        PartView waiting = Eventually.await("one pod READY, one waiting", part::view,
                v -> count(v, PodStatus.READY) == 1 && v.pods().stream().anyMatch(p -> "Unschedulable".equals(p.reason())));
        PodView unschedulable = waiting.pods().stream().filter(p -> p.status() == PodStatus.PENDING).findFirst().orElseThrow();
        assertEquals(null, unschedulable.host());
        assertTrue(unschedulable.message().contains("no host has room"), unschedulable.message());

        placement.setSlots("b", 1);
        part.reconcileNow();

        PartView ready = awaitReady(part);
        assertEquals("b", pod(ready, unschedulable.name()).host());
    }

    @Test
    void aWaitingPodTriesAgainOnItsOwnWhenNothingWakesIt() {
        placement.setSlots("a", 0);
        placement.setSlots("b", 0);
        PartWorkflow part = start("p1");
        Eventually.await("waiting", part::view, v -> "Unschedulable".equals(pod(v, "p1").reason()));

        placement.setSlots("a", 1);
        sandbox.env().sleep(Duration.ofSeconds(31));

        assertEquals("a", pod(awaitReady(part), "p1").host());
    }

    @Test
    void podsOfALostHostArePlacedAgainAndTheirOldContainersAreLeftToThatHostsSweep() {
        PartWorkflow part = start("p1", "p2");
        PartView before = awaitReady(part);
        String lostPod = before.pods().stream().filter(p -> p.host().equals("b")).findFirst().orElseThrow().name();
        String oldContainer = pod(before, lostPod).containerId();

        hostStopsTakingPods(part, "b", HostStatus.UNREACHABLE, "host lost: unreachable for 60 s");

        PartView after = Eventually.await("the lost pod runs on a", part::view,
                v -> v.status() == PartStatus.READY && "a".equals(pod(v, lostPod).host()));
        assertTrue(placement.released().contains(lostPod + "@b"), placement.released().toString());
        assertEquals(oldContainer, hostB.containerOf(sessionId, "web", lostPod).orElseThrow().id(),
                "an unreachable host cannot be asked; its sweep removes the container when it returns");
        assertTrue(podReasons(lostPod).contains("HostLost"), podReasons(lostPod).toString());
        assertEquals(2, after.pods().stream().filter(p -> p.host().equals("a")).count());
    }

    @Test
    void aLostHostThatTakesPodsAgainIsUsedAgain() {
        PartWorkflow part = start("p1", "p2");
        awaitReady(part);
        hostStopsTakingPods(part, "b", HostStatus.UNREACHABLE, "host lost");
        awaitReadyOn(part, "a");

        // b returns; the part is not told (it has no pod there), but placement uses b again.
        placement.takePods("b");
        hostStopsTakingPods(part, "a", HostStatus.DRAINING, "host draining");

        awaitReadyOn(part, "b");
        sandbox.env().sleep(Duration.ofMinutes(2));
        assertTrue(part.view().pods().stream().allMatch(p -> "b".equals(p.host()) && p.status() == PodStatus.READY),
                "the pods stay on b: " + part.view());
    }

    @Test
    void aHostThatStopsTakingPodsWhileAPodIsPlacedOnItStillSeesThePodMove() {
        PartWorkflow part = sandbox.client().newWorkflowStub(PartWorkflow.class,
                WorkflowIds.part(sessionId, "web"));
        AtomicReference<String> placedOnB = new AtomicReference<>();
        placement.onPlaced((pod, host) -> {
            if (host.equals("b") && placedOnB.compareAndSet(null, pod)) {
                // Drained after the placement took b, heard by the part before the placement answers.
                hostStopsTakingPods(part, "b", HostStatus.DRAINING, "host draining");
            }
        });
        start("p1", "p2");

        awaitReadyOn(part, "a");
        // Off b before its container was made there (the part heard of the drain before it created), or moved
        // off while it served.
        String moved = placedOnB.get();
        List<String> reasons = podReasons(moved);
        assertTrue(reasons.contains("HostDraining") || reasons.contains("MovedOffDrainingHost"), moved + ": " + reasons);
    }

    @Test
    @Timeout(60) // a part that never rests keeps the skipped clock from moving: fail rather than hang
    void aPodLeftOnAHostWhoseDrainEndedRestsInsteadOfRetryingTheMove() {
        placement.setSlots("a", 1);
        PartWorkflow part = start("p1", "p2");
        awaitReady(part);
        hostStopsTakingPods(part, "b", HostStatus.DRAINING, "host draining");
        Eventually.await("a move that finds no room", placement::refusals, n -> n > 0);

        placement.takePods("b");
        part.hostChanged(new HostNotice("b", HostStatus.READY, "host ready again"));
        sandbox.env().sleep(Duration.ofMinutes(2)); // past the move's retry, which has nothing to retry now
        int rested = hostB.listings();
        sandbox.env().sleep(Duration.ofMinutes(5));

        assertEquals(rested, hostB.listings(), "nothing is due, so the part makes no pass");
        assertEquals(Map.of("a", 1L, "b", 1L), part.view().pods().stream()
                .collect(Collectors.groupingBy(PodView::host, Collectors.counting())));
    }

    @Test
    void podsOfADisabledHostAreStoppedThereAndRunElsewhere() {
        PartWorkflow part = start("p1", "p2");
        awaitReady(part);

        hostStopsTakingPods(part, "b", HostStatus.DISABLED, "host disabled: its pods are stopped");

        PartView after = awaitReadyOn(part, "a");
        assertEquals(List.of(), hostB.containersOf(sessionId), "nothing is left on the disabled host");
        assertEquals(0, placement.podsOn("b"));
        assertEquals(2, after.pods().size());
    }

    @Test
    void aDrainMovesWorkersOneByOneWithoutThePartEverLeavingReady() {
        PartWorkflow part = start(TestSessions.part("web", "p1", "p2", "p3", "p4"));
        assertDrainKeepsThePartReady(part, () -> {});
    }

    @Test
    void aDrainKeepsPodsWithReadinessChecksReadyWhileTheirProbesMoveWithThem() {
        ReadinessCheck check = new ReadinessCheck(ProbeType.EXEC, List.of("true"), null, null, 1, 1, 1);
        List<PodSpec> pods = Stream.of("p1", "p2", "p3", "p4").map(name -> {
            PodSpec plain = TestSessions.pod(name);
            return new PodSpec(name, plain.image(), plain.command(), plain.env(), plain.ports(), null, null, check,
                    null, null, null);
        }).toList();
        PartWorkflow part = start(new PartSpec("web", pods, null, null, null, null));
        assertDrainKeepsThePartReady(part, () -> {
            // Two more passes, so at least one ran wholly after the last move: none may find a moved pod not ready.
            for (int pass = 0; pass < 2; pass++) {
                int listed = hostA.listings();
                part.reconcileNow();
                Eventually.await("another pass", hostA::listings, n -> n > listed);
            }
        });
    }

    /** Drains host b, then runs {@code afterMoves} once every pod is on a, then asserts how they moved. */
    private void assertDrainKeepsThePartReady(PartWorkflow part, Runnable afterMoves) {
        PartView before = awaitReady(part);
        Set<String> onB = before.pods().stream().filter(p -> p.host().equals("b")).map(PodView::name)
                .collect(Collectors.toSet());
        // The part writes its transitions behind its pass: READY is recorded moments after the view shows it.
        int partTransitionsBefore = Eventually.await("the part's READY recorded",
                () -> recording.partTransitions(sessionId, "web"),
                recorded -> !recorded.isEmpty() && "READY".equals(recorded.getLast().to())).size();
        journal.clear();

        hostStopsTakingPods(part, "b", HostStatus.DRAINING, "host draining");

        Eventually.await("every pod on a", part::view,
                v -> v.pods().stream().allMatch(p -> "a".equals(p.host())));
        afterMoves.run();
        sandbox.awaitTransitionsWritten(WorkflowIds.part(sessionId, "web"));
        assertEquals(partTransitionsBefore, recording.partTransitions(sessionId, "web").size(),
                "the part never left READY");
        for (String pod : onB) {
            assertEquals(List.of(PodStatus.READY.name()), podTransitionsSince(pod, "MovedOffDrainingHost").stream()
                    .map(TransitionRecord::to).distinct().toList(), pod + " stayed READY");
        }
        // One pod at a time: each new container is followed by the removal of the old one before the next starts.
        assertEquals(2 * onB.size(), journal.size(), journal.toString());
        for (int i = 0; i < journal.size(); i += 2) {
            String moved = journal.get(i).substring("create a/".length());
            assertEquals(List.of("create a/" + moved, "remove b/" + moved), journal.subList(i, i + 2), journal.toString());
        }
        assertEquals(List.of(), hostB.containersOf(sessionId));
        assertEquals(0, placement.podsOn("b"));
    }

    @Test
    void stoppingReleasesEveryPlacement() {
        PartWorkflow part = start("p1", "p2");
        awaitReady(part);

        part.setDesiredStatus(new DesiredChange(DesiredStatus.STOPPED, 2));

        Eventually.await("STOPPED", part::view, v -> v.status() == PartStatus.STOPPED);
        assertEquals(0, placement.podsOn("a") + placement.podsOn("b"));
    }

    private PartWorkflow start(String... pods) {
        return start(TestSessions.part("web", pods));
    }

    private PartWorkflow start(PartSpec spec) {
        return sandbox.startPart(sessionId, spec, ReconcileSettings.DEFAULTS);
    }

    private static PartView awaitReady(PartWorkflow part) {
        return Eventually.await("part READY", part::view, v -> v.status() == PartStatus.READY);
    }

    /** Tells the part what placement knows already: the host takes no new pods. */
    private void hostStopsTakingPods(PartWorkflow part, String host, HostStatus status, String message) {
        placement.stopTakingPods(host);
        part.hostChanged(new HostNotice(host, status, message));
    }

    private static PartView awaitReadyOn(PartWorkflow part, String host) {
        return Eventually.await("every pod on " + host, part::view,
                v -> v.status() == PartStatus.READY && v.pods().stream().allMatch(p -> host.equals(p.host())));
    }

    private static long count(PartView view, PodStatus status) {
        return view.pods().stream().filter(p -> p.status() == status).count();
    }

    private List<String> podReasons(String pod) {
        return podTransitions(pod).stream().map(TransitionRecord::reason).toList();
    }

    /** The pod's transitions from the first with this reason on. */
    private List<TransitionRecord> podTransitionsSince(String pod, String reason) {
        List<TransitionRecord> all = podTransitions(pod);
        int first = all.stream().map(TransitionRecord::reason).toList().indexOf(reason);
        assertTrue(first >= 0, pod + " has no " + reason + " transition: " + all);
        return all.subList(first, all.size());
    }

    /** The pod's recorded transitions, once the part has written what it recorded so far. */
    private List<TransitionRecord> podTransitions(String pod) {
        sandbox.awaitTransitionsWritten(WorkflowIds.part(sessionId, "web"));
        return recording.podTransitions(sessionId, "web", pod);
    }
}
