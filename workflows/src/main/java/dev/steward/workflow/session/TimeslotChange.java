package dev.steward.workflow.session;

import dev.steward.model.Timeslot;

/**
 * The answer to a timeslot update.
 *
 * @param timeslot the session's timeslot now
 * @param generation the generation the change raised the session to
 */
public record TimeslotChange(Timeslot timeslot, long generation) {}
