package dev.steward.contract;

/**
 * Where a pod was placed, or why nowhere.
 *
 * @param host the pod's host, or {@code null} when it is unschedulable
 * @param reason {@code Placed}, {@code AlreadyPlaced} or {@code Unschedulable}
 * @param message the choice or the refusals in words
 * @param replaces when the pod moves, the host of its placement that no longer takes pods; else {@code null}
 */
public record PlacementResult(String host, String reason, String message, String replaces) {

    public boolean placed() {
        return host != null;
    }
}
