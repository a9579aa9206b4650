package dev.steward.app.api;

import dev.steward.model.ResourceKind;
import dev.steward.store.TransitionRow;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;

/**
 * One recorded status change.
 *
 * @param occurredAt when the workflow decided it
 * @param kind SESSION, PART or POD
 * @param resource the session id, the part's name, or part/pod
 * @param from the status before, or null for the first
 * @param to the status after
 * @param reason the cause in one word
 * @param message the cause in words
 * @param generation the session generation it belongs to
 */
@Serdeable
public record TransitionView(Instant occurredAt, ResourceKind kind, String resource, @Nullable String from, String to,
        String reason, @Nullable String message, long generation) {

    public static TransitionView of(TransitionRow row) {
        return new TransitionView(row.occurredAt(), row.kind(), row.resource(), row.fromStatus(), row.toStatus(),
                row.reason(), row.message(), row.generation());
    }
}
