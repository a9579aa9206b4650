package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.ContainerEvent;
import dev.steward.contract.TransitionRecord;
import dev.steward.model.ExitInfo;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ReconcileSettings;
import dev.steward.workflow.Eventually;
import dev.steward.workflow.FakeContainerActivities;
import dev.steward.workflow.TestSessions;
import dev.steward.workflow.WorkflowSandbox;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
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
            null);

    @RegisterExtension
    final WorkflowSandbox sandbox = new WorkflowSandbox(PartWorkflowImpl.class);

    private final FakeContainerActivities engine = sandbox.engine();
    private final UUID sessionId = UUID.randomUUID();

    private TestWorkflowEnvironment testEnv;
    private PartWorkflow part;

    @BeforeEach
    void start() {
        testEnv = sandbox.env();
        part = sandbox.startPart(sessionId, TestSessions.part("web", "app"), SETTINGS);
    }

    @Test
    void theFirstCrashRestartsAtOnceThenBackOffsDoubleUpToTheCapThenCrashLoop() {
        String first = awaitReady().containerId();
        long crashedAt = testEnv.currentTimeMillis();
        crash(first, 1, false);
        PodView again = awaitPod("READY after one restart", v -> v.status() == PodStatus.READY && v.restarts() == 1);
        assertTrue(testEnv.currentTimeMillis() - crashedAt < 1_000, "no backoff before the first restart");
        assertEquals(new ExitInfo(1, "Error"), again.lastExit());
        assertTrue(lastBackOff().message().contains("at once: the first crash in the stable window of 100 s"),
                lastBackOff().message());

        List<Long> delays = new java.util.ArrayList<>();
        for (int restart = 2; restart <= 4; restart++) {
            crash(awaitReady().containerId(), 1, false);
            int expected = restart;
            PodView backingOff = awaitPod("BACKING_OFF", v -> v.status() == PodStatus.BACKING_OFF && v.restarts() == expected);
            assertNotNull(backingOff.nextRestartAt());
            delays.add(backingOff.nextRestartAt().toEpochMilli() - testEnv.currentTimeMillis());
            assertTrue(backingOff.message().contains("base 10000 ms"), backingOff.message());
            testEnv.sleep(Duration.ofSeconds(41));
        }
        // From the second crash min(10·2ⁿ, 40): 10, 20, 40 s (the test clock may have moved a little since the decision).
        assertWithin(delays.get(0), 10_000);
        assertWithin(delays.get(1), 20_000);
        assertWithin(delays.get(2), 40_000);

        crash(awaitReady().containerId(), 1, false);
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
        crash(awaitReady().containerId(), 1, false);
        awaitPod("READY after one restart", v -> v.status() == PodStatus.READY && v.restarts() == 1);
        crash(awaitReady().containerId(), 1, false);
        PodView second = awaitPod("second backoff", v -> v.status() == PodStatus.BACKING_OFF && v.restarts() == 2);
        assertWithin(second.nextRestartAt().toEpochMilli() - testEnv.currentTimeMillis(), 10_000);
        testEnv.sleep(Duration.ofSeconds(11));

        String id = awaitReady().containerId();
        testEnv.sleep(Duration.ofSeconds(101)); // longer than the stable window
        crash(id, 137, true);
        PodView third = awaitPod("READY after a third restart", v -> v.status() == PodStatus.READY && v.restarts() == 3);
        assertEquals(new ExitInfo(137, "OOMKilled"), third.lastExit());
        assertNull(third.nextRestartAt());
        assertTrue(lastBackOff().message().contains("at once") && lastBackOff().message().contains("backoff reset"),
                lastBackOff().message());
    }

    @Test
    void aRestartNowSkipsThePendingBackoff() {
        crash(awaitReady().containerId(), 2, false);
        awaitPod("READY after one restart", v -> v.status() == PodStatus.READY && v.restarts() == 1);
        crash(awaitReady().containerId(), 2, false);
        awaitPod("BACKING_OFF", v -> v.status() == PodStatus.BACKING_OFF);
        part.podAction(new PodAction("app", PodAction.Kind.RESTART));
        PodView ready = awaitReady();
        assertNull(ready.nextRestartAt());
        assertEquals(2, ready.restarts());
    }

    private TransitionRecord lastBackOff() {
        return sandbox.recording().podTransitions(sessionId, "web", "app").stream()
                .filter(t -> "BACKING_OFF".equals(t.to())).reduce((a, b) -> b).orElseThrow();
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

    private static void assertWithin(long actualMillis, long expectedMillis) {
        assertTrue(actualMillis <= expectedMillis && actualMillis > expectedMillis - 2_000,
                "expected about " + expectedMillis + " ms, was " + actualMillis);
    }
}
