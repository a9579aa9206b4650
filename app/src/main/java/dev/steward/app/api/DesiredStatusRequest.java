package dev.steward.app.api;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/** @param desiredStatus RUNNING, STOPPED or DELETED; text, so an unknown word gets a clear 422 */
@Serdeable
public record DesiredStatusRequest(@Nullable String desiredStatus) {}
