package dev.steward.app.api;

import io.micronaut.serde.annotation.Serdeable;

/** @param generation the session generation the new spec has */
@Serdeable
public record SpecAccepted(long generation) {}
