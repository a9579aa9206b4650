package dev.steward.workflow.session;

import dev.steward.model.LifecycleSettings;
import dev.steward.model.Timeslot;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** When each moment of a timeslot falls, and which are due. Pure: the caller passes workflow time. */
final class TimeslotSchedule {

    private TimeslotSchedule() {}

    /** When the moment falls; {@code null} when the timeslot does not set it. No provisionAt means at once. */
    static Instant at(TimeslotMoment moment, Timeslot slot, LifecycleSettings settings) {
        return switch (moment) {
            case PROVISION -> slot.provisionAt() == null ? Instant.EPOCH : slot.provisionAt();
            case END -> slot.endAt();
            case TEARDOWN -> slot.cleanupDeadline() == null ? null : slot.cleanupDeadline().minus(settings.teardownBudget());
            case KILL -> slot.cleanupDeadline() == null ? null : slot.cleanupDeadline().minus(settings.killMargin());
        };
    }

    /** The moments not yet acted on whose time has come, in order. */
    static List<TimeslotMoment> due(Timeslot slot, LifecycleSettings settings, Set<TimeslotMoment> done, Instant now) {
        return Arrays.stream(TimeslotMoment.values())
                .filter(m -> !done.contains(m))
                .filter(m -> at(m, slot, settings) != null && !at(m, slot, settings).isAfter(now))
                .toList();
    }

    /** The next moment not yet acted on, if any. */
    static Optional<TimeslotMoment> next(Timeslot slot, LifecycleSettings settings, Set<TimeslotMoment> done) {
        return Arrays.stream(TimeslotMoment.values())
                .filter(m -> !done.contains(m) && at(m, slot, settings) != null)
                .min(Comparator.comparing((TimeslotMoment m) -> at(m, slot, settings)).thenComparing(Enum::ordinal));
    }
}
