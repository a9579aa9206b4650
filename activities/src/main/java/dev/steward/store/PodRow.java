package dev.steward.store;

import dev.steward.model.PodStatus;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.GeneratedValue;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/** A pod in the read model. */
@MappedEntity("pods")
public record PodRow(
        @Id @GeneratedValue @Nullable Long id,
        UUID sessionId,
        String partName,
        String name,
        int position,
        PodStatus status,
        @Nullable String reason,
        @Nullable String message,
        @Nullable String containerId,
        @Nullable String host,
        int restarts,
        @Nullable Integer lastExitCode,
        @Nullable String lastExitReason,
        @Nullable Instant nextRestartAt,
        Instant updatedAt) {}
