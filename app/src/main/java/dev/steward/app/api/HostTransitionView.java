package dev.steward.app.api;

import dev.steward.model.HostStatus;
import dev.steward.store.HostTransitionRow;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;

/**
 * One recorded status change of a host.
 *
 * @param occurredAt when it happened
 * @param from the status before, or null for the first
 * @param to the status after
 * @param reason the cause in one word
 * @param message the cause in words
 */
@Serdeable
public record HostTransitionView(Instant occurredAt, @Nullable HostStatus from, HostStatus to, String reason,
        @Nullable String message) {

    public static HostTransitionView of(HostTransitionRow row) {
        return new HostTransitionView(row.occurredAt(), row.fromStatus(), row.toStatus(), row.reason(), row.message());
    }
}
