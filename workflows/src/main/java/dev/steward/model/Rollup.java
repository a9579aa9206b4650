package dev.steward.model;

/**
 * A status decided from the statuses below it, with the cause.
 *
 * @param status the decided status
 * @param reason a CamelCase word for the cause
 * @param message the cause in words
 * @param converged whether the resource has reached what its desired status asks for
 */
public record Rollup<S extends Enum<S>>(S status, String reason, String message, boolean converged) {}
