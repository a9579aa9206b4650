package dev.steward.workflow.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.model.HostStatus;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The host's decisions after a probe, called directly: no workflow, no Temporal. */
class HostPlannerTest {

    private static final Duration GRACE = Duration.ofSeconds(60);
    private static final long NOW = 100_000;
    private static final long NEXT_RESYNC = 130_000;

    private final HostPlanner planner = new HostPlanner();

    @Test
    void aHostThatAnswersIsResyncedWhenTheIntervalIsDue() {
        HostPlan plan = planner.plan(probe(new HostWatchState(HostStatus.READY, null, null), HostStatus.READY, true));

        assertEquals(NEXT_RESYNC, plan.resyncAt());
        assertNull(plan.notice());
        assertFalse(plan.wakeUnschedulable());
    }

    @Test
    void aHostThatAnswersAgainIsResyncedAtOnceAndRoomMayHaveAppeared() {
        HostWatchState lost = new HostWatchState(HostStatus.UNREACHABLE, 0L, HostStatus.UNREACHABLE);

        HostPlan plan = planner.plan(probe(lost, HostStatus.READY, true));

        assertEquals(NOW, plan.resyncAt());
        assertTrue(plan.wakeUnschedulable());
        assertEquals(HostStatus.READY, plan.notice().status(), "the parts hear it is back");
        assertEquals(new HostWatchState(HostStatus.READY, null, null), plan.watch());
    }

    @Test
    void aHostThatDoesNotAnswerIsNotResynced() {
        HostPlan plan = planner.plan(probe(new HostWatchState(HostStatus.READY, null, null), HostStatus.UNREACHABLE, false));

        assertNull(plan.resyncAt());
        assertNull(plan.notice(), "not within the grace period");
    }

    @Test
    void aDisabledHostThatAnswersIsSweptToo() {
        HostPlan plan = planner.plan(probe(new HostWatchState(HostStatus.READY, null, null), HostStatus.DISABLED, true));

        assertEquals(NEXT_RESYNC, plan.resyncAt());
        assertEquals(HostStatus.DISABLED, plan.notice().status());
    }

    @Test
    void whenThePartsCouldNotBeToldTheWatchKeepsWhatTheyLastHeard() {
        HostWatchState unreachable = new HostWatchState(HostStatus.UNREACHABLE, 0L, null);

        HostPlan plan = planner.plan(probe(unreachable, HostStatus.UNREACHABLE, false));

        assertEquals(HostStatus.UNREACHABLE, plan.notice().status(), "lost after the grace period");
        assertEquals(new HostWatchState(HostStatus.UNREACHABLE, 0L, HostStatus.UNREACHABLE), plan.watch());
        assertEquals(new HostWatchState(HostStatus.UNREACHABLE, 0L, null), plan.watchIfUntold(), "told again next probe");
    }

    private static HostObservation probe(HostWatchState before, HostStatus status, boolean reachable) {
        return new HostObservation("h", before, status, reachable, NOW, GRACE, NEXT_RESYNC);
    }
}
