package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.ContainerEvent;
import dev.steward.contract.TransitionRecord;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.ExitInfo;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ReconcileSettings;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakeContainerActivities;
import dev.steward.workflow.support.HistoryEvents;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Layers 2 and 3 of the retry table in a part workflow, with time skipped. */
class PodRestartTest {

    /** base 10 s, cap 40 s, stable 100 s, 4 restarts. */
    private static final ReconcileSettings SETTINGS = new ReconcileSettings(Duration.ofSeconds(30),
            Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofSeconds(40), Duration.ofSeconds(100), 4, null,
            null, null);

    /** As {@link #SETTINGS}, but a second crash backs off for ten minutes: longer than any test waits. */
    private static final ReconcileSettings LONG_BACKOFF = new ReconcileSettings(Duration.ofSeconds(30),
            Duration.ofSeconds(1), Duration.ofMinutes(10), Duration.ofMinutes(40), Duration.ofSeconds(100), 4, null,
            null, null);

    @RegisterExtension
    final WorkflowSandbox sandbox = new WorkflowSandbox(PartWorkflowImpl.class);

    private final FakeContainerActivities engine = sandbox.engine();
    private final UUID sessionId = UUID.randomUUID();

    private TestWorkflowEnvironment testEnv;
    private PartWorkflow part;

    @BeforeEach
    void env() {
        testEnv = sandbox.env();
    }

    @Test
    void theFirstCrashRestartsAtOnceThenBackOffsDoubleUpToTheCapThenCrashLoop() {
        start(SETTINGS);
        crash(awaitReady().containerId(), 1, false);
        PodView again = awaitPod("READY after one restart", v -> v.status() == PodStatus.READY && v.restarts() == 1);
        assertEquals(new ExitInfo(1, "Error"), again.lastExit());
        TransitionRecord first = assertBackedOff(1, Duration.ZERO);
        assertTrue(first.message().contains("at once: the first crash in the stable window of 100 s"), first.message());

        for (int restart = 2; restart <= 4; restart++) {
            crash(again.containerId(), 1, false);
            int expected = restart;
            // The count rises as the pod starts backing off; it restarts once the skipped clock passes its backoff.
            awaitPod("backing off before restart " + restart, v -> v.restarts() == expected);
            testEnv.sleep(Duration.ofSeconds(41));
            again = awaitPod("READY after restart " + restart,
                    v -> v.status() == PodStatus.READY && v.restarts() == expected);
        }
        // From the second crash min(10·2ⁿ, 40): 10, 20, 40 s.
        for (int restart = 2; restart <= 4; restart++) {
            long delay = Math.min(10_000L << (restart - 2), 40_000L);
            TransitionRecord backingOff = assertBackedOff(restart, Duration.ofMillis(delay));
            assertTrue(backingOff.message().contains("restart " + restart + " in " + delay + " ms = min(base 10000 ms"),
                    backingOff.message());
        }

        crash(again.containerId(), 1, false);
        PartView failed = Eventually.await("part FAILED", part::view, v -> v.status() == PartStatus.FAILED);
        PodView app = failed.pods().getFirst();
        assertEquals(PodStatus.FAILED, app.status());
        assertEquals("CrashLoopBackOff", app.reason());
        assertTrue(app.message().contains("maxRestarts is 4"), app.message());

        part.podAction(new PodAction("app", PodAction.Kind.RESET_BACKOFF));
        PodView reset = awaitPod("restarted at once after the reset", v -> v.status() == PodStatus.READY);
        assertEquals(1, reset.restarts(), "the reset forgot the count: this is restart 1 again");
    }

    @Test
    void aStableRunMakesTheNextCrashTheFirstAgain() {
        start(SETTINGS);
        crash(awaitReady().containerId(), 1, false);
        awaitPod("READY after one restart", v -> v.status() == PodStatus.READY && v.restarts() == 1);
        crash(awaitReady().containerId(), 1, false);
        awaitPod("backing off before the second restart", v -> v.restarts() == 2);
        testEnv.sleep(Duration.ofSeconds(11));

        String id = awaitReady().containerId();
        assertBackedOff(2, Duration.ofSeconds(10));
        testEnv.sleep(Duration.ofSeconds(101)); // longer than the stable window
        crash(id, 137, true);
        PodView third = awaitPod("READY after a third restart", v -> v.status() == PodStatus.READY && v.restarts() == 3);
        assertEquals(new ExitInfo(137, "OOMKilled"), third.lastExit());
        assertNull(third.nextRestartAt());
        TransitionRecord reset = assertBackedOff(3, Duration.ZERO);
        assertTrue(reset.message().contains("at once") && reset.message().contains("backoff reset"), reset.message());
    }

    @Test
    void aRestartNowSkipsThePendingBackoff() {
        start(LONG_BACKOFF);
        crash(awaitReady().containerId(), 2, false);
        awaitPod("READY after one restart", v -> v.status() == PodStatus.READY && v.restarts() == 1);
        crash(awaitReady().containerId(), 2, false);
        awaitPod("BACKING_OFF", v -> v.status() == PodStatus.BACKING_OFF);
        part.podAction(new PodAction("app", PodAction.Kind.RESTART));
        PodView ready = awaitReady();
        assertNull(ready.nextRestartAt());
        assertEquals(2, ready.restarts());
        TransitionRecord backingOff = backingOffBefore(2);
        assertTrue(transitionAfter(backingOff).occurredAt().isBefore(backingOff.nextRestartAt()),
                "restarted before its backoff of ten minutes elapsed");
    }

    @Test
    void anOperatorsRestartOfARunningPodStartsItAgainInThatPassAndCountsNoCrash() {
        start(SETTINGS);
        String id = awaitReady().containerId();
        int listings = engine.listings();
        part.podAction(new PodAction("app", PodAction.Kind.RESTART));
        Eventually.await("the restart's pass", engine::listings, n -> n > listings);
        // The pass after it would find a container the restart's pass left stopped, and take it for a crash.
        int restartListed = engine.listings();
        part.reconcileNow();
        Eventually.await("a pass after it", engine::listings, n -> n > restartListed);
        Eventually.await("part web idle", () -> sandbox.client().fetchHistory(WorkflowIds.part(sessionId, "web"))
                .getEvents(), HistoryEvents::idle);

        PodView app = part.view().pods().getFirst();
        assertEquals(PodStatus.READY, app.status());
        assertEquals(id, app.containerId());
        assertTrue(engine.containerOf(sessionId, "web", "app").orElseThrow().running(), "started again");
        assertEquals(0, app.restarts(), "an operator's restart is no crash");
        assertEquals(List.of("CREATING", "STARTING", "READY", "STARTING", "READY"),
                podTransitions().stream().map(TransitionRecord::to).toList());
    }

    private void start(ReconcileSettings settings) {
        part = sandbox.startPart(sessionId, TestSessions.part("web", "app"), settings);
    }

    /**
     * Asserts that restart {@code restart} was due {@code backoff} after the decision to back off, which
     * came between the transition before it and its own, and that the pod was started no earlier.
     *
     * @return the transition to BACKING_OFF of that decision
     */
    private TransitionRecord assertBackedOff(int restart, Duration backoff) {
        TransitionRecord backingOff = backingOffBefore(restart);
        List<TransitionRecord> all = podTransitions();
        TransitionRecord before = all.get(all.indexOf(backingOff) - 1);
        Instant due = backingOff.nextRestartAt();
        assertFalse(due.isBefore(before.occurredAt().plus(backoff)) || due.isAfter(backingOff.occurredAt().plus(backoff)),
                "restart " + restart + " due " + backoff + " after the decision, between " + before.occurredAt()
                        + " and " + backingOff.occurredAt() + ": " + due);
        TransitionRecord started = transitionAfter(backingOff);
        assertEquals("STARTING", started.to());
        assertFalse(started.occurredAt().isBefore(due), "restart " + restart + " started at " + started.occurredAt()
                + ", before it was due at " + due);
        return backingOff;
    }

    /** The recorded transition to BACKING_OFF that decided restart {@code restart}. */
    private TransitionRecord backingOffBefore(int restart) {
        return podTransitions().stream()
                .filter(t -> "BACKING_OFF".equals(t.to()) && t.restarts() == restart)
                .findFirst().orElseThrow(() -> new AssertionError("no backoff before restart " + restart + ": "
                        + podTransitions()));
    }

    private TransitionRecord transitionAfter(TransitionRecord transition) {
        List<TransitionRecord> all = podTransitions();
        return all.get(all.indexOf(transition) + 1);
    }

    /** The pod's recorded transitions, once the part has written what it recorded so far. */
    private List<TransitionRecord> podTransitions() {
        sandbox.awaitTransitionsWritten(WorkflowIds.part(sessionId, "web"));
        return sandbox.recording().podTransitions(sessionId, "web", "app");
    }

    private void crash(String containerId, int exitCode, boolean oom) {
        engine.exit(containerId, exitCode, oom);
        part.containerEvent(new ContainerEvent(containerId, "app", "die", exitCode, 0));
    }

    private PodView awaitReady() {
        return awaitPod("READY", v -> v.status() == PodStatus.READY);
    }

    private PodView awaitPod(String what, java.util.function.Predicate<PodView> wanted) {
        return Eventually.await("pod app " + what, part::view, v -> wanted.test(v.pods().getFirst())).pods().getFirst();
    }
}
