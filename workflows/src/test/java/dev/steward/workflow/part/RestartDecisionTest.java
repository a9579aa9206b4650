package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.model.ExitInfo;
import dev.steward.model.PodKind;
import dev.steward.model.PodSpec;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.RestartPolicy;
import dev.steward.model.RestartSettings;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

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
    void aWorkerThatCrashesIsRestartedAfterItsBackoff() {
        RestartDecision d = RestartDecision.after(worker(RestartPolicy.ALWAYS), DEFAULTS, exit(1, false), 2, 2, 5_000, NOW);
        assertEquals(RestartDecision.Action.RESTART, d.action());
        assertEquals(NOW + 40_000, d.restartAt());
        assertEquals(3, d.restarts());
        assertEquals(3, d.exponent());
        assertTrue(d.message().contains("base 10000 ms x 2^2"), d.message());
    }

    @Test
    void aRunAsLongAsTheStableWindowResetsTheBackoff() {
        RestartDecision d = RestartDecision.after(worker(RestartPolicy.ALWAYS), DEFAULTS, exit(1, false), 3, 4, 600_000, NOW);
        assertEquals(NOW + 10_000, d.restartAt());
        assertEquals(1, d.exponent());
        assertTrue(d.message().contains("backoff reset"), d.message());
    }

    @Test
    void pastMaxRestartsThePodCrashLoops() {
        RestartDecision d = RestartDecision.after(worker(RestartPolicy.ALWAYS), DEFAULTS, exit(1, false), 5, 5, 1, NOW);
        assertEquals(RestartDecision.Action.FAIL, d.action());
        assertEquals("CrashLoopBackOff", d.reason());
        assertTrue(d.message().contains("maxRestarts is 5"), d.message());
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
    void neverFailsAtTheFirstExit() {
        RestartDecision d = RestartDecision.after(worker(RestartPolicy.NEVER), DEFAULTS, exit(3, false), 0, 0, 1, NOW);
        assertEquals(RestartDecision.Action.FAIL, d.action());
        assertEquals("Error", d.reason());
        assertTrue(d.message().contains("code 3"), d.message());
    }

    @Test
    void jobsCompleteOnZeroAndFailOtherwise() {
        PodSpec job = job();
        assertEquals(RestartPolicy.NEVER, job.restartPolicy(), "a job runs once unless told otherwise");
        assertEquals(RestartDecision.Action.COMPLETE, RestartDecision.after(job, DEFAULTS, exit(0, false), 0, 0, 1, NOW).action());
        RestartDecision three = RestartDecision.after(job, DEFAULTS, exit(3, false), 0, 0, 1, NOW);
        assertEquals(RestartDecision.Action.FAIL, three.action());
        assertEquals("Error", three.reason());
    }

    @Test
    void anOomKillReportedByTheEngineIsOomKilled() {
        assertEquals(new ExitInfo(137, "OOMKilled"), RestartDecision.exitOf(137, true));
        assertEquals(new ExitInfo(137, "Error"), RestartDecision.exitOf(137, false));
        assertEquals(new ExitInfo(0, "Completed"), RestartDecision.exitOf(0, false));
        RestartDecision d = RestartDecision.after(job(), DEFAULTS, RestartDecision.exitOf(137, true), 0, 0, 1, NOW);
        assertEquals(RestartDecision.Action.FAIL, d.action());
        assertEquals("OOMKilled", d.reason());
        assertTrue(d.message().contains("memory limit"), d.message());
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
