package dev.steward.model;

/** Reads a part's {@code maxUnhealthy}: a count of pods, or a percentage of them ending in '%'. Pure. */
public final class MaxUnhealthy {

    private MaxUnhealthy() {}

    /** How many of {@code pods} pods may fail before their part counts as failed; 0 when unreadable. */
    public static int allowed(String maxUnhealthy, int pods) {
        if (maxUnhealthy == null || maxUnhealthy.isBlank()) {
            return 0;
        }
        try {
            return maxUnhealthy.endsWith("%") ? pods * percent(maxUnhealthy) / 100 : Integer.parseInt(maxUnhealthy);
        } catch (NumberFormatException e) {
            return 0; // the validator refuses it before it gets here
        }
    }

    static int percent(String maxUnhealthy) {
        return Integer.parseInt(maxUnhealthy.substring(0, maxUnhealthy.length() - 1));
    }
}
