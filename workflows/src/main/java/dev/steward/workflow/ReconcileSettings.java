package dev.steward.workflow;

import java.time.Duration;

/**
 * Tunables of the reconcile loops, fixed per session when it starts.
 *
 * @param resyncInterval how often a part re-reads the engine even when nothing told it to
 * @param stopGrace how long a container may take to stop after SIGTERM before it is killed
 */
public record ReconcileSettings(Duration resyncInterval, Duration stopGrace) {

    public static final ReconcileSettings DEFAULTS = new ReconcileSettings(Duration.ofSeconds(30), Duration.ofSeconds(10));
}
