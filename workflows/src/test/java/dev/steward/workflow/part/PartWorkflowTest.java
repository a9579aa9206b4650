package dev.steward.workflow.part;

import static dev.steward.workflow.part.PartViews.awaitStatus;
import static dev.steward.workflow.part.PartViews.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.ContainerEvent;
import dev.steward.contract.ContainerNames;
import dev.steward.contract.ContainerState;
import dev.steward.contract.TransitionRecord;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.ExitInfo;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.RestartPolicy;
import dev.steward.model.SpecHash;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakeContainerActivities;
import dev.steward.workflow.support.HistoryEvents;
import dev.steward.workflow.support.InMemoryRecording;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.CanceledFailure;
import io.temporal.testing.WorkflowReplayer;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A part workflow on its own, with no session above it. */
class PartWorkflowTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    private final FakeContainerActivities engine = sandbox.engine();
    private final InMemoryRecording recording = sandbox.recording();
    private final UUID sessionId = UUID.randomUUID();

    @Test
    void aPodWithAnInvalidSpecFailsWhileItsSiblingBecomesReady() {
        engine.refuseSpecOf("broken", "image localhost/missing:latest does not exist");
        PartSpec spec = TestSessions.part("web", "broken", "healthy");
        PartWorkflow part = start(spec);

        PartView failed = Eventually.await("part FAILED with its healthy pod READY", part::view,
                view -> view.status() == PartStatus.FAILED && pod(view, "healthy").status() == PodStatus.READY);

        assertEquals("PodFailed", failed.reason());
        PodView broken = pod(failed, "broken");
        assertEquals(PodStatus.FAILED, broken.status());
        assertEquals("InvalidSpec", broken.reason());
        assertEquals("image localhost/missing:latest does not exist", broken.message());
        assertTrue(engine.containerOf(sessionId, "web", "broken").isEmpty());
        ContainerState healthy = engine.containerOf(sessionId, "web", "healthy").orElseThrow();
        assertTrue(healthy.running());
        assertEquals(healthy.id(), pod(failed, "healthy").containerId());
        // Non-retryable: one attempt, no retries.
        String brokenName = ContainerNames.of(sessionId, "web", "broken", SpecHash.of(spec.pods().get(0)));
        assertEquals(1, engine.ensureCalls(brokenName));
        // Written behind the pass: recorded moments after the view shows them.
        List<TransitionRecord> partRecorded = Eventually.await("the part's FAILED recorded",
                () -> recording.partTransitions(sessionId, "web"),
                recorded -> !recorded.isEmpty() && "FAILED".equals(recorded.getLast().to()));
        TransitionRecord lastOfBroken = recording.podTransitions(sessionId, "web", "broken").getLast();
        assertEquals("FAILED", lastOfBroken.to());
        assertEquals("InvalidSpec", lastOfBroken.reason());
        assertEquals("FAILED", partRecorded.getLast().to());
    }

    @Test
    void aContainerThatExitsAtOnceFailsItsPodWhenItsPolicyIsNever() {
        engine.exitAtOnce("crashy", 3);
        PodSpec crashySpec = TestSessions.pod("crashy");
        PartWorkflow part = start(new PartSpec("web", List.of(new PodSpec(crashySpec.name(), crashySpec.image(),
                crashySpec.command(), crashySpec.env(), crashySpec.ports(), null, RestartPolicy.NEVER, null, null, null, null),
                TestSessions.pod("steady"))));

        PartView failed = Eventually.await("part FAILED with its steady pod READY", part::view,
                view -> view.status() == PartStatus.FAILED && pod(view, "steady").status() == PodStatus.READY);

        PodView crashy = pod(failed, "crashy");
        assertEquals(PodStatus.FAILED, crashy.status());
        assertEquals("Error", crashy.reason());
        assertTrue(crashy.message().contains("code 3"), crashy.message());
        assertEquals(new ExitInfo(3, "Error"), crashy.lastExit());
    }

    @Test
    void aContainerRemovedBehindItsBackIsRecreatedOnTheNextResync() {
        PartWorkflow part = start(TestSessions.part("web", "app", "cache"));
        PartView ready = awaitStatus(part, PartStatus.READY);
        String appBefore = pod(ready, "app").containerId();
        String cacheBefore = pod(ready, "cache").containerId();

        engine.deleteBehindTheWorkflowsBack(appBefore);
        assertTrue(engine.containerOf(sessionId, "web", "app").isEmpty());
        assertEquals(appBefore, pod(part.view(), "app").containerId(), "nothing notices before the resync");

        // The host's resync hands the part what it listed; the part sees app's container is gone.
        part.resync(engine.containersOf(sessionId));

        PartView repaired = Eventually.await("app recreated", part::view, view -> {
            PodView app = pod(view, "app");
            return app.status() == PodStatus.READY && app.containerId() != null && !app.containerId().equals(appBefore);
        });
        ContainerState recreated = engine.containerOf(sessionId, "web", "app").orElseThrow();
        assertTrue(recreated.running());
        assertEquals(recreated.id(), pod(repaired, "app").containerId());
        assertNotEquals(appBefore, recreated.id());
        assertEquals(cacheBefore, pod(repaired, "cache").containerId(), "the untouched pod keeps its container");
        assertEquals(PartStatus.READY, repaired.status());
        // The part writes its transitions behind its pass: the last is recorded moments after the view shows it.
        assertEquals(List.of("CREATING", "STARTING", "READY", "CREATING", "STARTING", "READY"),
                Eventually.await("app's transitions recorded", () -> podStatuses("app"), statuses -> statuses.size() >= 6));
    }

    @Test
    void anEngineThatDoesNotAnswerLeavesItsPodUnknownWithoutARestartUntilItAnswers() {
        PartWorkflow part = start(TestSessions.part("web", "app"));
        String container = pod(awaitStatus(part, PartStatus.READY), "app").containerId();

        engine.goAway();
        part.reconcileNow();
        sandbox.env().sleep(Duration.ofMinutes(1)); // past the listing's retries
        PartView away = Eventually.await("app UNKNOWN", part::view, view -> pod(view, "app").status() == PodStatus.UNKNOWN);

        PodView unknown = pod(away, "app");
        assertEquals("HostUnreachable", unknown.reason());
        assertTrue(unknown.message().contains("connection refused"), unknown.message());
        assertEquals(container, unknown.containerId());
        assertEquals(PartStatus.PROVISIONING, away.status(), "not FAILED: the workload did not fail");

        engine.comeBack();
        sandbox.env().sleep(ReconcileSettings.DEFAULTS.resyncInterval()); // the unknown pod is looked at again
        PartView back = awaitStatus(part, PartStatus.READY);
        assertEquals(container, pod(back, "app").containerId(), "the container outlived the outage");
        assertEquals(0, pod(back, "app").restarts());
        sandbox.awaitTransitionsWritten(WorkflowIds.part(sessionId, "web"));
        assertEquals(List.of("CREATING", "STARTING", "READY", "UNKNOWN", "READY"), podStatuses("app"));
    }

    @Test
    void aCrashWhilePostgresIsAwayIsRepairedAtOnceAndRecordedInOrderOnceItIsBack() {
        PartWorkflow part = start(TestSessions.part("web", "app"));
        String first = pod(awaitStatus(part, PartStatus.READY), "app").containerId();
        Eventually.await("app READY recorded", () -> podStatuses("app"), statuses -> statuses.contains("READY"));
        int recordedBefore = recording.podTransitions(sessionId, "web", "app").size();

        recording.goAway();
        engine.exit(first, 1, false);
        part.containerEvent(new ContainerEvent(first, "app", "die", 1, 0));
        sandbox.env().sleep(Duration.ofSeconds(30)); // past the first try and the backoff
        Eventually.await("app restarted while PostgreSQL is away", part::view,
                view -> pod(view, "app").status() == PodStatus.READY && pod(view, "app").restarts() == 1);
        assertTrue(engine.containerOf(sessionId, "web", "app").orElseThrow().running());
        assertEquals(recordedBefore, recording.podTransitions(sessionId, "web", "app").size(), "nothing recorded meanwhile");
        assertTrue(recording.refused() > 0, "the transitions were tried");

        recording.comeBack();
        sandbox.env().sleep(Duration.ofSeconds(30)); // the queue's next retry
        List<TransitionRecord> steps = Eventually.await("the queued transitions recorded",
                () -> recording.podTransitions(sessionId, "web", "app"), t -> t.size() > recordedBefore + 1);
        List<String> queued = steps.subList(recordedBefore, steps.size()).stream()
                .map(t -> t.from() + ">" + t.to()).toList();
        assertEquals(List.of("READY>BACKING_OFF", "BACKING_OFF>STARTING", "STARTING>READY"), queued);
        assertEquals(steps.size(), steps.stream().map(TransitionRecord::id).distinct().count(), "each recorded once");
    }

    @Test
    void cancellingThePartTearsDownItsContainersBeforeItEnds() {
        PartWorkflow part = start(TestSessions.part("web", "app", "cache"));
        awaitStatus(part, PartStatus.READY);
        assertEquals(2, engine.containersOf(sessionId).size());

        WorkflowStub stub = WorkflowStub.fromTyped(part);
        stub.cancel();

        WorkflowFailedException ended = assertThrows(WorkflowFailedException.class, () -> stub.getResult(PartStatus.class));
        assertInstanceOf(CanceledFailure.class, ended.getCause());
        assertEquals(List.of(), engine.containersOf(sessionId));
        for (String pod : List.of("app", "cache")) {
            assertEquals("REMOVED", recording.podTransitions(sessionId, "web", pod).getLast().to(), pod);
        }
        assertEquals("DELETED", recording.partTransitions(sessionId, "web").getLast().to());
    }

    @Test
    void aDesiredStatusOfAnOlderGenerationIsIgnored() {
        PartWorkflow part = start(TestSessions.part("web", "app"));
        awaitStatus(part, PartStatus.READY);
        part.setDesiredStatus(new DesiredChange(DesiredStatus.STOPPED, 3));
        awaitStatus(part, PartStatus.STOPPED);
        awaitIdle();

        part.setDesiredStatus(new DesiredChange(DesiredStatus.RUNNING, 2));

        assertNoPassAfterTheLastSignal("a stale desired status started a reconcile pass");
        assertEquals(PartStatus.STOPPED, part.view().status());
        assertEquals(List.of(), engine.containersOf(sessionId));

        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 4));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
    }

    @Test
    void theStartOfItsOwnRunningContainerAsksForNoPassButItsDeathDoes() throws Exception {
        PartWorkflow part = start(TestSessions.part("web", "app"));
        String container = pod(awaitStatus(part, PartStatus.READY), "app").containerId();

        part.containerEvent(new ContainerEvent(container, "app", "start", null, 0));

        assertNoPassAfterTheLastSignal("the part's own start started a pass");

        engine.exit(container, 1, false);
        part.containerEvent(new ContainerEvent(container, "app", "die", 1, 0));
        PodView restarted = pod(Eventually.await("app restarted", part::view,
                view -> pod(view, "app").restarts() == 1 && pod(view, "app").status() == PodStatus.READY), "app");
        assertEquals(container, restarted.containerId());

        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 2));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        // The history replays.
        WorkflowReplayer.replayWorkflowExecution(sandbox.client().fetchHistory(WorkflowIds.part(sessionId, "web")),
                PartWorkflowImpl.class);
    }

    @Test
    void theStartOfAContainerItCreatesAsksForNoPassThoughItOutrunsTheCreatesAnswer() {
        engine.holdStartAnswers();
        PartWorkflow part = start(TestSessions.part("web", "app"));
        Eventually.await("the create started its container and holds its answer", engine::startAnswersWaiting,
                waiting -> waiting == 1);
        Eventually.await("app CREATING", part::view, view -> pod(view, "app").status() == PodStatus.CREATING);
        String container = engine.containerOf(sessionId, "web", "app").orElseThrow().id();

        part.containerEvent(new ContainerEvent(container, "app", "start", null, 0));
        engine.releaseStartAnswers();
        assertEquals(container, pod(awaitStatus(part, PartStatus.READY), "app").containerId());

        assertNoPassAfterTheLastSignal("the start of the container being created started a pass");
        assertEquals(0, engine.listings(), "a new part's first pass lists nothing, and no pass followed");
        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 2));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
    }

    @Test
    void aStopMayTakeItsWholeGraceWithinItsEngineCall() {
        Duration grace = Duration.ofMinutes(5);
        PartWorkflow part = sandbox.startPart(sessionId, TestSessions.part("web", "app"),
                new ReconcileSettings(ReconcileSettings.DEFAULTS.resyncInterval(), grace));
        awaitStatus(part, PartStatus.READY);

        part.setDesiredStatus(new DesiredChange(DesiredStatus.STOPPED, 2));
        awaitStatus(part, PartStatus.STOPPED);

        List<Duration> stopTimeouts = engine.stopTimeouts();
        assertEquals(1, stopTimeouts.size());
        assertTrue(stopTimeouts.getFirst().compareTo(grace) > 0,
                "the stop call's timeout " + stopTimeouts.getFirst() + " outlasts the grace " + grace);
    }

    // ---- helpers

    private PartWorkflow start(PartSpec spec) {
        return sandbox.startPart(sessionId, spec, ReconcileSettings.DEFAULTS);
    }

    /** The statuses the pod's recorded transitions went to, in order. */
    private List<String> podStatuses(String pod) {
        return recording.podTransitions(sessionId, "web", pod).stream().map(TransitionRecord::to).toList();
    }

    /**
     * Waits until part web is idle: its status shows before the pass that set it has ended (its
     * transitions are written behind), and what that pass still schedules is no pass of a later signal.
     */
    private void awaitIdle() {
        Eventually.await("part web idle", this::partHistory, HistoryEvents::idle);
    }

    /**
     * Once part web has handled its last signal, no activity was scheduled after it but the written-behind
     * transitions of an earlier pass (a flush may still be due when the signal comes): no pass ran.
     */
    private void assertNoPassAfterTheLastSignal(String message) {
        List<HistoryEvent> events = Eventually.await("the last signal handled", this::partHistory,
                e -> HistoryEvents.handledLast(e, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED));
        int signal = HistoryEvents.lastIndexOf(events, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED);
        List<String> scheduled = events.subList(signal + 1, events.size()).stream()
                .filter(HistoryEvent::hasActivityTaskScheduledEventAttributes)
                .map(e -> e.getActivityTaskScheduledEventAttributes().getActivityType().getName())
                .filter(type -> !type.equals("RecordTransitions"))
                .toList();
        assertEquals(List.of(), scheduled, message);
    }

    private List<HistoryEvent> partHistory() {
        return sandbox.client().fetchHistory(WorkflowIds.part(sessionId, "web")).getEvents();
    }
}
