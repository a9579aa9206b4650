package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostHealthTest {

    private static final int THRESHOLD = 3;

    private static HostState ready(int failedProbes) {
        return new HostState(HostStatus.READY, true, false, failedProbes, true);
    }

    @Test
    void aNewHostIsReadyAfterItsFirstSuccessfulProbe() {
        HostHealthDecision d = HostHealth.afterProbe(new HostState(HostStatus.UNKNOWN, true, false, 0, false), true,
                "4.3.1", THRESHOLD);
        assertEquals(HostStatus.READY, d.status());
        assertEquals("ProbeSucceeded", d.reason());
        assertEquals("the engine answered (version 4.3.1)", d.message());
        assertTrue(d.changed());
    }

    @Test
    void aReadyHostStaysReadyUntilTheThresholdOfConsecutiveFailures() {
        HostHealthDecision first = HostHealth.afterProbe(ready(0), false, "refused", THRESHOLD);
        assertEquals(HostStatus.READY, first.status());
        assertEquals(1, first.failedProbes());
        assertFalse(first.changed());
        assertEquals("1 of 3 consecutive failed probes (steward.hosts.unreachable-after) before UNREACHABLE: refused",
                first.message());

        HostHealthDecision third = HostHealth.afterProbe(ready(2), false, "refused", THRESHOLD);
        assertEquals(HostStatus.UNREACHABLE, third.status());
        assertEquals(3, third.failedProbes());
        assertTrue(third.changed());
        assertEquals("ProbeFailed", third.reason());
        assertEquals("3 consecutive probes failed (steward.hosts.unreachable-after=3): refused", third.message());
    }

    @Test
    void oneSuccessResetsTheFailuresAndMakesAnUnreachableHostReady() {
        HostState lost = new HostState(HostStatus.UNREACHABLE, true, false, 5, true);
        HostHealthDecision d = HostHealth.afterProbe(lost, true, "4.3.1", THRESHOLD);
        assertEquals(HostStatus.READY, d.status());
        assertEquals(0, d.failedProbes());
        assertTrue(d.changed());
    }

    @Test
    void aHostNeverReachedStaysUnknownThenBecomesUnreachable() {
        HostState unknown = new HostState(HostStatus.UNKNOWN, true, false, 0, false);
        assertEquals(HostStatus.UNKNOWN, HostHealth.afterProbe(unknown, false, "no socket", THRESHOLD).status());
        HostState twice = new HostState(HostStatus.UNKNOWN, true, false, 2, false);
        assertEquals(HostStatus.UNREACHABLE, HostHealth.afterProbe(twice, false, "no socket", THRESHOLD).status());
    }

    @Test
    void disabledBeatsUnreachableWhichBeatsDraining() {
        HostState disabledAndLost = new HostState(HostStatus.DISABLED, false, true, 9, true);
        assertEquals(HostStatus.DISABLED, HostHealth.afterProbe(disabledAndLost, false, "x", THRESHOLD).status());
        HostState drainingAndLost = new HostState(HostStatus.DRAINING, true, true, 2, true);
        assertEquals(HostStatus.UNREACHABLE, HostHealth.afterProbe(drainingAndLost, false, "x", THRESHOLD).status());
        HostState drainingAndUp = new HostState(HostStatus.UNREACHABLE, true, true, 3, true);
        assertEquals(HostStatus.DRAINING, HostHealth.afterProbe(drainingAndUp, true, "4.3.1", THRESHOLD).status());
    }

    /** The operator's switches, on a host that was reachable; four failed probes pass the threshold. */
    @ParameterizedTest
    @CsvSource({
            "READY,    false, false, 0, DISABLED,    HOST_SET_DISABLED",
            "READY,    true,  true,  0, DRAINING,    HOST_SET_DRAINING",
            "DISABLED, true,  false, 0, READY,       HOST_ENABLED",
            "DISABLED, true,  false, 4, UNREACHABLE, PROBE_FAILED"})
    void operatorSwitchesDecideTheStatusOfAHost(HostStatus before, boolean enabled, boolean draining, int failedProbes,
            HostStatus after, Reason reason) {
        HostHealthDecision d = HostHealth.afterOperatorChange(
                new HostState(before, enabled, draining, failedProbes, true), THRESHOLD);
        assertEquals(after, d.status());
        assertEquals(reason.code(), d.reason());
        assertTrue(d.changed());
    }

    @Test
    void aThresholdBelowOneCountsAsOne() {
        assertEquals(HostStatus.UNREACHABLE, HostHealth.afterProbe(ready(0), false, "x", 0).status());
    }
}
