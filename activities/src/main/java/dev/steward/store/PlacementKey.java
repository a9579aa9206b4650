package dev.steward.store;

import io.micronaut.data.annotation.Embeddable;
import java.util.UUID;

/** A pod's identity: at most one placement each. */
@Embeddable
public record PlacementKey(UUID sessionId, String partName, String podName) {}
