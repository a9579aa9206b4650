package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/**
 * One recorded status change in the outbox, as it leaves Steward.
 *
 * @param position its place among all outgoing changes
 * @param sequence its place in its stream: its session's, or its host's
 * @param kind {@code SESSION}, {@code PART}, {@code POD} or {@code HOST}
 */
@MappedEntity("outbox_events")
public record OutboxRow(
        @Id UUID id,
        long position,
        long sequence,
        @Nullable UUID sessionId,
        @Nullable String owner,
        @Nullable String host,
        String kind,
        @Nullable String partName,
        @Nullable String podName,
        @Nullable String fromStatus,
        String toStatus,
        @Nullable String reason,
        @Nullable String message,
        @Nullable Long generation,
        Instant occurredAt,
        Instant recordedAt) {}
