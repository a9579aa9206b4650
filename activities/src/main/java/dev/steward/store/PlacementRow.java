package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.GeneratedValue;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/** One pod placed on one host, and what it reserves there. */
@MappedEntity("placements")
public record PlacementRow(
        @Id @GeneratedValue @Nullable Long id,
        UUID sessionId,
        String partName,
        String podName,
        String host,
        double cpus,
        long memoryMb,
        Instant placedAt) {}
