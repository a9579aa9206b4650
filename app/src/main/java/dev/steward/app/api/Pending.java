package dev.steward.app.api;

import io.micronaut.serde.annotation.Serdeable;

/**
 * The body of a 202 whose request was made durably but left something to finish later.
 *
 * @param pending what is still to happen, and what makes it happen
 */
@Serdeable
public record Pending(String pending) {}
