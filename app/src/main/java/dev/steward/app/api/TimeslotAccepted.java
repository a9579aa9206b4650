package dev.steward.app.api;

import dev.steward.model.Timeslot;
import dev.steward.workflow.session.TimeslotChange;
import io.micronaut.serde.annotation.Serdeable;

/**
 * The answer to a change of timeslot, taken by the session's workflow.
 *
 * @param timeslot the session's timeslot now
 * @param generation the generation the change raised the session to
 */
@Serdeable
public record TimeslotAccepted(Timeslot timeslot, long generation) {

    static TimeslotAccepted of(TimeslotChange change) {
        return new TimeslotAccepted(change.timeslot(), change.generation());
    }
}
