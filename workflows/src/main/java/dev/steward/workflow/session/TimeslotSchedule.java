package dev.steward.workflow.session;

import dev.steward.model.LifecycleSettings;
import dev.steward.model.Timeslot;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * When each moment of a timeslot falls, and which are due. Pure: the caller passes workflow time.
 *
 * <p>The session runs until {@code endAt} whatever the teardown budget: teardown starts at
 * {@code max(endAt, cleanupDeadline - teardownBudget)} and the kill at {@code max(teardown,
 * cleanupDeadline - killMargin)}, so a window between end and deadline shorter than the budget only
 * shortens the grace period.
 */
record TimeslotSchedule(LifecycleSettings settings) {

    /** When the moment falls; {@code null} when the timeslot does not set it. No provisionAt means at once. */
    Instant at(TimeslotMoment moment, Timeslot slot) {
        Instant deadline = slot.cleanupDeadline();
        return switch (moment) {
            case PROVISION -> slot.provisionAt() == null ? Instant.EPOCH : slot.provisionAt();
            case END -> slot.endAt();
            case TEARDOWN -> deadline == null ? null : notBefore(deadline.minus(settings.teardownBudget()), slot.endAt());
            case KILL -> deadline == null ? null
                    : notBefore(deadline.minus(settings.killMargin()), at(TimeslotMoment.TEARDOWN, slot));
        };
    }

    /** The moments not yet acted on whose time has come, in order. */
    List<TimeslotMoment> due(Timeslot slot, Set<TimeslotMoment> done, Instant now) {
        return Arrays.stream(TimeslotMoment.values())
                .filter(m -> !done.contains(m))
                .filter(m -> at(m, slot) != null && !at(m, slot).isAfter(now))
                .toList();
    }

    /** The next moment not yet acted on, if any. */
    Optional<TimeslotMoment> next(Timeslot slot, Set<TimeslotMoment> done) {
        return Arrays.stream(TimeslotMoment.values())
                .filter(m -> !done.contains(m) && at(m, slot) != null)
                .min(Comparator.comparing((TimeslotMoment m) -> at(m, slot)).thenComparing(Enum::ordinal));
    }

    private Instant notBefore(Instant at, Instant earliest) {
        return earliest != null && earliest.isAfter(at) ? earliest : at;
    }
}
