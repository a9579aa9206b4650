package dev.steward.activity;

import io.temporal.activity.ActivityInterface;
import java.util.UUID;

/** Chooses hosts for pods and keeps each host's capacity account in PostgreSQL. */
@ActivityInterface
public interface PlacementActivities {

    /**
     * Places the pod on a host with room for it and reserves that room, in one transaction, so
     * concurrent placements never over-commit a host. A pod placed already keeps its host. When no
     * host fits, the result says {@code Unschedulable} and why: that is a normal result.
     */
    PlacementResult place(PlacementRequest request);

    /** Frees the pod's reservation. Releasing a pod that holds none does nothing. */
    void release(UUID sessionId, String part, String pod);
}
