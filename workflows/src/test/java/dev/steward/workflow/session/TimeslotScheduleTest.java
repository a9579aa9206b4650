package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.model.LifecycleSettings;
import dev.steward.model.Timeslot;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TimeslotScheduleTest {

    private static final Instant T0 = Instant.parse("2030-01-01T08:00:00Z");
    private static final LifecycleSettings SETTINGS =
            new LifecycleSettings(Duration.ofMinutes(2), Duration.ofSeconds(15), 2_000);
    private static final TimeslotSchedule SCHEDULE = new TimeslotSchedule(SETTINGS);
    private static final Timeslot SLOT = new Timeslot(T0, null, T0.plus(Duration.ofHours(2)),
            T0.plus(Duration.ofMinutes(130)));

    @Test
    void teardownAndKillFallInsideTheDeadlineByTheirBudgets() {
        assertEquals(T0.plus(Duration.ofMinutes(128)), SCHEDULE.at(TimeslotMoment.TEARDOWN, SLOT));
        assertEquals(T0.plus(Duration.ofMinutes(130)).minusSeconds(15),
                SCHEDULE.at(TimeslotMoment.KILL, SLOT));
    }

    @Test
    void momentsAreDueInOrderOnceTheirTimeHasCome() {
        EnumSet<TimeslotMoment> done = EnumSet.noneOf(TimeslotMoment.class);
        assertEquals(List.of(), SCHEDULE.due(SLOT, done, T0.minusMillis(1)));
        assertEquals(List.of(TimeslotMoment.PROVISION, TimeslotMoment.END),
                SCHEDULE.due(SLOT, done, T0.plus(Duration.ofHours(2))));
        done.add(TimeslotMoment.PROVISION);
        assertEquals(Optional.of(TimeslotMoment.END), SCHEDULE.next(SLOT, done));
    }

    @Test
    void noTimeslotProvisionsAtOnceAndNeverEnds() {
        EnumSet<TimeslotMoment> done = EnumSet.noneOf(TimeslotMoment.class);
        assertEquals(List.of(TimeslotMoment.PROVISION), SCHEDULE.due(Timeslot.NONE, done, T0));
        done.add(TimeslotMoment.PROVISION);
        assertEquals(Optional.empty(), SCHEDULE.next(Timeslot.NONE, done));
    }

    @Test
    void aWindowShorterThanTheBudgetStillRunsUntilTheEnd() {
        Timeslot shortWindow = new Timeslot(null, null, T0.plusSeconds(20), T0.plusSeconds(30));
        assertEquals(T0.plusSeconds(20), SCHEDULE.at(TimeslotMoment.TEARDOWN, shortWindow));
        assertEquals(T0.plusSeconds(20), SCHEDULE.at(TimeslotMoment.KILL, shortWindow));
        assertEquals(List.of(TimeslotMoment.PROVISION), SCHEDULE.due(shortWindow,
                EnumSet.noneOf(TimeslotMoment.class), T0.plusSeconds(20).minusMillis(1)));
    }

    @Test
    void aWindowBetweenMarginAndBudgetShortensOnlyTheGracePeriod() {
        Timeslot window = new Timeslot(null, null, T0.plusSeconds(60), T0.plusSeconds(100));
        assertEquals(T0.plusSeconds(60), SCHEDULE.at(TimeslotMoment.TEARDOWN, window));
        assertEquals(T0.plusSeconds(85), SCHEDULE.at(TimeslotMoment.KILL, window));
    }
}
