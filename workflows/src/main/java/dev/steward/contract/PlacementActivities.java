package dev.steward.contract;

import io.temporal.activity.ActivityInterface;
import java.util.List;
import java.util.UUID;

/**
 * Chooses hosts for pods and keeps each host's capacity account in PostgreSQL.
 *
 * <p>A pod holds at most one placement on a host that takes pods. When its host stops taking pods
 * (draining, unreachable, disabled), placing it again gives it a second placement on another host,
 * and the old one keeps its reservation until it is released: a pod that moves counts on both
 * hosts until its old container is gone.
 */
@ActivityInterface
public interface PlacementActivities {

    /**
     * Places the pod on a host with room for it and reserves that room, in one transaction, so
     * concurrent placements never over-commit a host. A pod placed already on a host that takes
     * pods keeps that host ({@code AlreadyPlaced}). When no host fits, the result says
     * {@code Unschedulable} and why: that is a normal result, not a failure. An unschedulable pod
     * is remembered as waiting until a later placement of it succeeds or it is released.
     */
    PlacementResult place(PlacementRequest request);

    /** {@link #place} of each pod, in order, in one transaction: a part's pods placed in one call. */
    List<PlacementResult> placeAll(List<PlacementRequest> requests);

    /**
     * Frees the pod's reservation on {@code host}, or on every host when {@code host} is
     * {@code null}, and forgets that the pod waits for room. Releasing what is not reserved does
     * nothing. When room was freed, the parts with waiting pods are woken.
     */
    void release(UUID sessionId, String part, String pod, String host);

    /**
     * Signals {@code reconcileNow} to every live part with an unschedulable pod waiting, oldest first:
     * room has appeared (a release, a host READY again, more capacity).
     *
     * @return how many parts were woken
     */
    int wakeUnschedulable();

    /**
     * Every registered host, in name order: where a session's containers may be, besides those its
     * pods are placed on now (a container whose create succeeded after its placement was released).
     */
    List<String> hostNames();
}
