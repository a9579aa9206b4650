package dev.steward.model;

import java.time.Instant;

/**
 * One observed condition of a session or a part, Kubernetes style.
 *
 * @param type a session's {@code Ready} or {@code Degraded}, a part's {@code Progressing}
 * @param status {@code True} or {@code False}
 * @param reason a CamelCase word for the cause
 * @param message the cause in words
 * @param lastTransitionTime workflow time at which the status last flipped
 */
public record Condition(String type, String status, String reason, String message, Instant lastTransitionTime) {

    public static final String READY = "Ready";
    public static final String DEGRADED = "Degraded";
    public static final String PROGRESSING = "Progressing";
    public static final String TRUE = "True";
    public static final String FALSE = "False";

    /**
     * A part's {@code Progressing} condition: {@code False} once the part FAILED (with reason
     * {@code ProgressDeadlineExceeded} when it made no progress in time), {@code True} otherwise, with the
     * part's own reason and message either way.
     */
    public static Condition progressing(boolean progressing, String reason, String message, Instant since) {
        return new Condition(PROGRESSING, progressing ? TRUE : FALSE, reason, message, since);
    }
}
