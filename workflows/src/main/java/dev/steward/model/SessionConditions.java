package dev.steward.model;

import static dev.steward.model.Condition.FALSE;
import static dev.steward.model.Condition.TRUE;

import java.time.Instant;
import java.util.List;

/** The {@code Ready} and {@code Degraded} conditions of a session, from its status. Pure. */
public final class SessionConditions {

    private SessionConditions() {}

    /**
     * The conditions for a session now in {@code status}; a condition keeps its last transition time
     * unless its status flipped.
     */
    public static List<Condition> of(List<Condition> previous, SessionStatus status, String reason, String message,
            Instant now) {
        Condition ready = status == SessionStatus.RUNNING
                ? new Condition(Condition.READY, TRUE, reason, message, now)
                : new Condition(Condition.READY, FALSE, reason, message, now);
        Condition degraded = status == SessionStatus.DEGRADED
                ? new Condition(Condition.DEGRADED, TRUE, reason, message, now)
                : new Condition(Condition.DEGRADED, FALSE, Reason.NO_PART_FAILED.code(),
                        "no part has failed under onFailure continue", now);
        return List.of(keepTime(previous, ready), keepTime(previous, degraded));
    }

    private static Condition keepTime(List<Condition> previous, Condition next) {
        if (previous == null) {
            return next;
        }
        return previous.stream()
                .filter(c -> c.type().equals(next.type()) && c.status().equals(next.status()))
                .findFirst()
                .map(c -> new Condition(next.type(), next.status(), next.reason(), next.message(), c.lastTransitionTime()))
                .orElse(next);
    }
}
