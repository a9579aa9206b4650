package dev.steward.config;

import dev.steward.model.ReconcileSettings;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.time.Duration;

/**
 * Deployment-wide reconcile tunables, handed to each session when it starts (a session's
 * {@code restart} overrides the restart ones). Absent values take the defaults of {@link ReconcileSettings}.
 *
 * @param resyncInterval how often the host lists its containers unprompted (and the age an orphan must reach)
 * @param stopGrace how long a container may take to stop before it is killed
 * @param backoffBase the delay of the second restart in a row (the first is immediate)
 * @param backoffCap the largest restart delay
 * @param stableWindow a run at least this long resets the backoff
 * @param maxRestarts restarts before CrashLoopBackOff; 0 is unlimited
 * @param rolloutDeadline how long a rolling replacement may take to become READY
 * @param deployment the label value that marks this deployment's containers
 * @param progressDeadline how long a part may go without READY and without progress before it fails
 * @param eventsEnabled whether engine events are relayed; off, crashes are seen by the resync only
 */
@ConfigurationProperties("steward.reconcile")
public record ReconcileConfig(
        @Nullable Duration resyncInterval,
        @Nullable Duration stopGrace,
        @Nullable Duration backoffBase,
        @Nullable Duration backoffCap,
        @Nullable Duration stableWindow,
        @Nullable Integer maxRestarts,
        @Nullable Duration rolloutDeadline,
        @Nullable String deployment,
        @Nullable Boolean eventsEnabled,
        @Nullable Duration progressDeadline) {

    public ReconcileSettings settings() {
        return new ReconcileSettings(resyncInterval, stopGrace, backoffBase, backoffCap, stableWindow, maxRestarts,
                rolloutDeadline, deployment, progressDeadline);
    }

    public boolean events() {
        return eventsEnabled == null || eventsEnabled;
    }
}
