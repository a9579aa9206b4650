package dev.steward.store;

import io.micronaut.data.annotation.EmbeddedId;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;

/** One placed pod and what it reserves on its host. */
@MappedEntity("placements")
public record PlacementRow(@EmbeddedId PlacementKey id, String host, double cpus, long memoryMb, Instant placedAt) {}
