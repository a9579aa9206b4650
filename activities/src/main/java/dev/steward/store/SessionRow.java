package dev.steward.store;

import dev.steward.model.Condition;
import dev.steward.model.DesiredStatus;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.TypeDef;
import io.micronaut.data.model.DataType;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A session in the read model: what was asked for and where its status stands. */
@MappedEntity("sessions")
public record SessionRow(
        @Id UUID id,
        String owner,
        DesiredStatus desiredStatus,
        SessionStatus status,
        @Nullable String reason,
        @Nullable String message,
        long generation,
        long observedGeneration,
        @TypeDef(type = DataType.JSON) SessionSpec spec,
        @Nullable Instant provisionAt,
        @Nullable Instant startAt,
        @Nullable Instant endAt,
        @Nullable Instant cleanupDeadline,
        @TypeDef(type = DataType.JSON) List<Condition> conditions,
        Instant createdAt,
        Instant updatedAt) {}
