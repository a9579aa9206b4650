package dev.steward.workflow.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.model.HostStatus;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class HostLossTest {

    private static final Duration GRACE = Duration.ofSeconds(60);
    private static final HostWatchState READY = new HostWatchState(HostStatus.READY, null, null);

    @Test
    void anUnreachableHostIsToldOnlyOnceTheGracePeriodHasPassed() {
        HostLossDecision first = HostLoss.afterProbe("h", READY, HostStatus.UNREACHABLE, 1_000, GRACE);
        assertNull(first.notice());
        assertEquals(1_000L, first.watch().unreachableSince());

        HostLossDecision within = HostLoss.afterProbe("h", first.watch(), HostStatus.UNREACHABLE, 60_999, GRACE);
        assertNull(within.notice());
        assertEquals(1_000L, within.watch().unreachableSince(), "the grace period runs from the first");

        HostLossDecision lost = HostLoss.afterProbe("h", within.watch(), HostStatus.UNREACHABLE, 61_000, GRACE);
        assertEquals(HostStatus.UNREACHABLE, lost.notice().status());
        assertTrue(lost.notice().message().contains("steward.hosts.lost-after"), lost.notice().message());

        assertNull(HostLoss.afterProbe("h", lost.watch(), HostStatus.UNREACHABLE, 90_000, GRACE).notice(),
                "told once");
    }

    @Test
    void aHostBackBeforeTheGracePeriodTellsNothingAndStartsAfreshNextTime() {
        HostLossDecision down = HostLoss.afterProbe("h", READY, HostStatus.UNREACHABLE, 0, GRACE);
        HostLossDecision back = HostLoss.afterProbe("h", down.watch(), HostStatus.READY, 30_000, GRACE);
        assertNull(back.notice());
        assertNull(back.watch().unreachableSince());

        HostLossDecision downAgain = HostLoss.afterProbe("h", back.watch(), HostStatus.UNREACHABLE, 40_000, GRACE);
        assertNull(HostLoss.afterProbe("h", downAgain.watch(), HostStatus.UNREACHABLE, 90_000, GRACE).notice(),
                "the earlier outage does not count");
    }

    @Test
    void drainAndDisableAreToldAtOnceAndReadyOnlyAfterSomethingElseWasTold() {
        HostLossDecision drain = HostLoss.afterProbe("h", READY, HostStatus.DRAINING, 0, GRACE);
        assertEquals(HostStatus.DRAINING, drain.notice().status());
        assertNull(HostLoss.afterProbe("h", drain.watch(), HostStatus.DRAINING, 10, GRACE).notice(), "told once");

        HostLossDecision disable = HostLoss.afterProbe("h", drain.watch(), HostStatus.DISABLED, 20, GRACE);
        assertEquals(HostStatus.DISABLED, disable.notice().status());

        HostLossDecision ready = HostLoss.afterProbe("h", disable.watch(), HostStatus.READY, 30, GRACE);
        assertEquals(HostStatus.READY, ready.notice().status());
        assertTrue(ready.roomMayHaveAppeared());
        assertNull(ready.watch().told());

        HostLossDecision still = HostLoss.afterProbe("h", ready.watch(), HostStatus.READY, 40, GRACE);
        assertNull(still.notice(), "a READY host that told nothing else tells nothing");
        assertFalse(still.roomMayHaveAppeared());
    }

    @Test
    void aHostFirstSeenReadyWakesWaitingPodsButTellsNoPart() {
        HostLossDecision first = HostLoss.afterProbe("h", new HostWatchState(null, null, null), HostStatus.READY, 0, GRACE);
        assertNull(first.notice());
        assertTrue(first.roomMayHaveAppeared());
        assertNull(HostLoss.afterProbe("h", first.watch(), HostStatus.UNKNOWN, 0, GRACE).notice());
    }
}
