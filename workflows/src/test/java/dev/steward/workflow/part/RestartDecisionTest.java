package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.argumentSet;

import dev.steward.model.ExitInfo;
import dev.steward.model.PodKind;
import dev.steward.model.PodSpec;
import dev.steward.model.Reason;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.RestartPolicy;
import dev.steward.model.RestartSettings;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RestartDecisionTest {

    /** base 10 s, cap 300 s, stable 600 s, 5 restarts: the documented defaults. */
    private static final ReconcileSettings DEFAULTS = ReconcileSettings.DEFAULTS;
    private static final long NOW = 1_000_000;

    @Test
    void theDefaultsAreTheRetryTables() {
        assertEquals(Duration.ofSeconds(10), DEFAULTS.backoffBase());
        assertEquals(Duration.ofSeconds(300), DEFAULTS.backoffCap());
        assertEquals(Duration.ofSeconds(600), DEFAULTS.stableWindow());
        assertEquals(5, DEFAULTS.maxRestarts());
    }

    @Test
    void delaysDoubleFromTheBaseUpToTheCap() {
        List<Long> delays = java.util.stream.IntStream.range(0, 8)
                .mapToObj(n -> RestartDecision.delayMillis(DEFAULTS, n)).toList();
        assertEquals(List.of(10_000L, 20_000L, 40_000L, 80_000L, 160_000L, 300_000L, 300_000L, 300_000L), delays);
        assertEquals(300_000L, RestartDecision.delayMillis(DEFAULTS, 200), "no overflow for large n");
    }

    @Test
    void theFirstCrashInTheStableWindowRestartsAtOnce() {
        RestartDecision d = RestartDecision.after(worker(RestartPolicy.ALWAYS), DEFAULTS, exit(1, false), 0, 0, 5_000, NOW);
        assertEquals(RestartDecision.Action.RESTART, d.action());
        assertEquals(NOW, d.restartAt());
        assertEquals(1, d.restarts());
        assertEquals(1, d.exponent());
        assertTrue(d.message().contains("at once: the first crash in the stable window of 600 s"), d.message());
    }

    @Test
    void fromTheSecondCrashTheBackoffDoublesFromTheBase() {
        List<Long> delays = java.util.stream.IntStream.range(0, 5)
                .mapToObj(n -> RestartDecision.after(worker(RestartPolicy.ALWAYS), DEFAULTS, exit(1, false), 0, n, 5_000,
                        NOW).restartAt() - NOW)
                .toList();
        assertEquals(List.of(0L, 10_000L, 20_000L, 40_000L, 80_000L), delays);
        RestartDecision third = RestartDecision.after(worker(RestartPolicy.ALWAYS), DEFAULTS, exit(1, false), 2, 2, 5_000, NOW);
        assertEquals(3, third.restarts());
        assertEquals(3, third.exponent());
        assertTrue(third.message().contains("in 20000 ms = min(base 10000 ms x 2^1"), third.message());
    }

    @Test
    void aRunAsLongAsTheStableWindowMakesTheNextCrashTheFirst() {
        RestartDecision d = RestartDecision.after(worker(RestartPolicy.ALWAYS), DEFAULTS, exit(1, false), 3, 4, 600_000, NOW);
        assertEquals(NOW, d.restartAt());
        assertEquals(1, d.exponent());
        assertTrue(d.message().contains("backoff reset"), d.message());
    }

    @Test
    void zeroMaxRestartsIsUnlimited() {
        ReconcileSettings unlimited = DEFAULTS.with(new dev.steward.model.RestartSettings(null, null, null, 0, null));
        RestartDecision d = RestartDecision.after(worker(RestartPolicy.ALWAYS), unlimited, exit(1, false), 1000, 9, 1, NOW);
        assertEquals(RestartDecision.Action.RESTART, d.action());
        assertEquals(NOW + 300_000, d.restartAt());
    }

    @Test
    void onFailureRestartsFailuresAndOomKillsButNotSuccess() {
        PodSpec pod = worker(RestartPolicy.ON_FAILURE);
        assertEquals(RestartDecision.Action.RESTART, RestartDecision.after(pod, DEFAULTS, exit(2, false), 0, 0, 1, NOW).action());
        assertEquals(RestartDecision.Action.RESTART, RestartDecision.after(pod, DEFAULTS, exit(137, true), 0, 0, 1, NOW).action());
        assertEquals(RestartDecision.Action.COMPLETE, RestartDecision.after(pod, DEFAULTS, exit(0, false), 0, 0, 1, NOW).action());
    }

    @Test
    void aJobRunsOnceAndCompletesOnZero() {
        PodSpec job = job();
        assertEquals(RestartPolicy.NEVER, job.restartPolicy(), "a job runs once unless told otherwise");
        assertEquals(RestartDecision.Action.COMPLETE, RestartDecision.after(job, DEFAULTS, exit(0, false), 0, 0, 1, NOW).action());
    }

    @Test
    void anOomKillReportedByTheEngineIsOomKilled() {
        assertEquals(new ExitInfo(137, "OOMKilled"), RestartDecision.exitOf(137, true));
        assertEquals(new ExitInfo(137, "Error"), RestartDecision.exitOf(137, false));
        assertEquals(new ExitInfo(0, "Completed"), RestartDecision.exitOf(0, false));
    }

    /** Pods that may not restart after this exit: each fails, and says why. */
    static Stream<Arguments> noRestart() {
        return Stream.of(
                argumentSet("past maxRestarts the pod crash-loops", worker(RestartPolicy.ALWAYS), exit(1, false), 5,
                        Reason.CRASH_LOOP_BACK_OFF, "maxRestarts is 5"),
                argumentSet("policy never fails at the first exit", worker(RestartPolicy.NEVER), exit(3, false), 0,
                        Reason.EXIT_ERROR, "code 3"),
                argumentSet("a job fails on a non-zero exit", job(), exit(3, false), 0, Reason.EXIT_ERROR, "code 3"),
                argumentSet("an OOM-killed job fails", job(), RestartDecision.exitOf(137, true), 0,
                        Reason.EXIT_OOM_KILLED, "memory limit"));
    }

    @ParameterizedTest
    @MethodSource("noRestart")
    void aPodThatMayNotRestartFailsSayingWhy(PodSpec pod, ExitInfo exit, int restarts, Reason reason, String says) {
        RestartDecision d = RestartDecision.after(pod, DEFAULTS, exit, restarts, restarts, 1, NOW);
        assertEquals(RestartDecision.Action.FAIL, d.action());
        assertEquals(reason.code(), d.reason());
        assertTrue(d.message().contains(says), d.message());
    }

    private static ExitInfo exit(int code, boolean oom) {
        return RestartDecision.exitOf(code, oom);
    }

    private static PodSpec worker(RestartPolicy policy) {
        return new PodSpec("app", "img", List.of(), null, null, null, policy, null, null, null, null);
    }

    private static PodSpec job() {
        return new PodSpec("job", "img", List.of(), null, null, PodKind.JOB, null, null, null, null, null);
    }
}
