package dev.steward.app.subscription;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/** @param contentmode {@code binary} or {@code structured}: how each event is written into its request */
@Serdeable
public record SubscriptionConfig(@Nullable String contentmode) {}
