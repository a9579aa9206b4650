package dev.steward.config;

import dev.steward.model.LifecycleSettings;
import io.micronaut.context.annotation.ConfigurationProperties;
import java.time.Duration;

/**
 * Deployment-wide tunables of a session's own life, handed to each session when it starts.
 *
 * @param teardownBudget how long before the cleanup deadline graceful teardown starts
 * @param killMargin how long before the cleanup deadline what is left is removed by force
 * @param continueAsNewAfterEvents the history length at which a session run continues as new
 */
@ConfigurationProperties("steward.lifecycle")
public record LifecycleConfig(Duration teardownBudget, Duration killMargin, int continueAsNewAfterEvents) {

    public LifecycleSettings settings() {
        return new LifecycleSettings(teardownBudget, killMargin, continueAsNewAfterEvents);
    }
}
