package dev.steward.store;

import dev.steward.model.ResourceKind;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/** One recorded status change of a session, part or pod. */
@MappedEntity("state_transitions")
public record TransitionRow(
        @Id UUID id,
        UUID sessionId,
        ResourceKind kind,
        String resource,
        @Nullable String fromStatus,
        String toStatus,
        String reason,
        @Nullable String message,
        long generation,
        Instant occurredAt) {}
