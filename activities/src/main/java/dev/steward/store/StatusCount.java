package dev.steward.store;

import io.micronaut.core.annotation.Introspected;

/** How many rows of a table have one status. */
@Introspected
public record StatusCount(String status, long count) {}
