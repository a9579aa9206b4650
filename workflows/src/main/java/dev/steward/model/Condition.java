package dev.steward.model;

import java.time.Instant;

/**
 * One observed condition of a session, Kubernetes style.
 *
 * @param type {@code Ready} or {@code Degraded}
 * @param status {@code True} or {@code False}
 * @param reason a CamelCase word for the cause
 * @param message the cause in words
 * @param lastTransitionTime workflow time at which the status last flipped
 */
public record Condition(String type, String status, String reason, String message, Instant lastTransitionTime) {

    public static final String READY = "Ready";
    public static final String DEGRADED = "Degraded";
}
