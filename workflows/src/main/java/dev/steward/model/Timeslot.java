package dev.steward.model;

import java.time.Instant;

/**
 * When a session exists. Every field is optional.
 *
 * @param provisionAt when provisioning starts
 * @param startAt when the user's slot starts
 * @param endAt when the session's desired status becomes STOPPED
 * @param cleanupDeadline the instant after which no container of the session exists
 */
public record Timeslot(Instant provisionAt, Instant startAt, Instant endAt, Instant cleanupDeadline) {

    public static final Timeslot NONE = new Timeslot(null, null, null, null);
}
