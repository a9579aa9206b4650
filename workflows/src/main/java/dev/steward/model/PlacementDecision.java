package dev.steward.model;

/**
 * Where a pod goes, or why it goes nowhere.
 *
 * @param host the chosen host, or {@code null} when none fits
 * @param reason {@code Placed} or {@code Unschedulable}
 * @param message the choice in words, with the strategy; or, per host, why it did not fit
 */
public record PlacementDecision(String host, String reason, String message) {

    public boolean placed() {
        return host != null;
    }
}
