package dev.steward.model;

import java.time.Duration;

/**
 * Tunables of a session's own life, fixed per session when it starts.
 *
 * @param teardownBudget how long before the cleanup deadline graceful teardown (desired DELETED) starts
 * @param killMargin how long before the cleanup deadline the session force-removes what is left
 * @param continueAsNewAfterEvents the history length at which a run continues as new, unless
 *     Temporal suggests it sooner
 */
public record LifecycleSettings(Duration teardownBudget, Duration killMargin, int continueAsNewAfterEvents) {

    public static final LifecycleSettings DEFAULTS =
            new LifecycleSettings(Duration.ofMinutes(2), Duration.ofSeconds(15), 2_000);
}
