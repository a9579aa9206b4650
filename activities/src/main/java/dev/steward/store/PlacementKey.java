package dev.steward.store;

import io.micronaut.data.annotation.Embeddable;
import io.micronaut.data.annotation.MappedProperty;
import java.util.UUID;

/** A pod's identity: at most one placement each. */
@Embeddable
public record PlacementKey(
        @MappedProperty("session_id") UUID sessionId,
        @MappedProperty("part_name") String partName,
        @MappedProperty("pod_name") String podName) {}
