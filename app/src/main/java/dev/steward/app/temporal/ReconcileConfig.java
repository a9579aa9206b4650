package dev.steward.app.temporal;

import dev.steward.workflow.ReconcileSettings;
import io.micronaut.context.annotation.ConfigurationProperties;
import java.time.Duration;

/**
 * Deployment-wide reconcile tunables, handed to each session when it starts.
 *
 * @param resyncInterval how often a part re-reads the engine unprompted
 * @param stopGrace how long a container may take to stop before it is killed
 */
@ConfigurationProperties("steward.reconcile")
public record ReconcileConfig(Duration resyncInterval, Duration stopGrace) {

    public ReconcileSettings settings() {
        return new ReconcileSettings(resyncInterval, stopGrace);
    }
}
