package dev.steward.app.events;

import io.micronaut.serde.annotation.Serdeable;

/** One event of a delivery, by what identifies it. */
@Serdeable
public record EventRef(String source, String id) {}
