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
    private static final Timeslot SLOT = new Timeslot(T0, null, T0.plus(Duration.ofHours(2)),
            T0.plus(Duration.ofMinutes(130)));

    @Test
    void teardownAndKillFallInsideTheDeadlineByTheirBudgets() {
        assertEquals(T0.plus(Duration.ofMinutes(128)), TimeslotSchedule.at(TimeslotMoment.TEARDOWN, SLOT, SETTINGS));
        assertEquals(T0.plus(Duration.ofMinutes(130)).minusSeconds(15),
                TimeslotSchedule.at(TimeslotMoment.KILL, SLOT, SETTINGS));
    }

    @Test
    void momentsAreDueInOrderOnceTheirTimeHasCome() {
        EnumSet<TimeslotMoment> done = EnumSet.noneOf(TimeslotMoment.class);
        assertEquals(List.of(), TimeslotSchedule.due(SLOT, SETTINGS, done, T0.minusMillis(1)));
        assertEquals(List.of(TimeslotMoment.PROVISION, TimeslotMoment.END),
                TimeslotSchedule.due(SLOT, SETTINGS, done, T0.plus(Duration.ofHours(2))));
        done.add(TimeslotMoment.PROVISION);
        assertEquals(Optional.of(TimeslotMoment.END), TimeslotSchedule.next(SLOT, SETTINGS, done));
    }

    @Test
    void noTimeslotProvisionsAtOnceAndNeverEnds() {
        EnumSet<TimeslotMoment> done = EnumSet.noneOf(TimeslotMoment.class);
        assertEquals(List.of(TimeslotMoment.PROVISION), TimeslotSchedule.due(Timeslot.NONE, SETTINGS, done, T0));
        done.add(TimeslotMoment.PROVISION);
        assertEquals(Optional.empty(), TimeslotSchedule.next(Timeslot.NONE, SETTINGS, done));
    }
}
