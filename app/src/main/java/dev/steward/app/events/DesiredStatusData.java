package dev.steward.app.events;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/**
 * The data of a {@code dev.steward.session.desired-status} event.
 *
 * @param desiredStatus RUNNING, STOPPED or DELETED
 */
@Serdeable
public record DesiredStatusData(@Nullable String desiredStatus) {}
