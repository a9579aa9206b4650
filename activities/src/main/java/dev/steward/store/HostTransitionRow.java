package dev.steward.store;

import dev.steward.model.HostStatus;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/** One recorded status change of a host. */
@MappedEntity("host_transitions")
public record HostTransitionRow(
        @Id UUID id,
        String host,
        @Nullable HostStatus fromStatus,
        HostStatus toStatus,
        String reason,
        @Nullable String message,
        Instant occurredAt) {}
