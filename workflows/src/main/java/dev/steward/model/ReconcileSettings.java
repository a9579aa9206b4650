package dev.steward.model;

import dev.steward.model.RestartSettings;
import java.time.Duration;

/**
 * Tunables of the reconcile loops, fixed per session when it starts. A {@code null} field takes its
 * default, so settings recorded before a field existed still read.
 *
 * @param resyncInterval how often a part re-reads the engine even when nothing told it to
 * @param stopGrace how long a container may take to stop after SIGTERM before it is killed
 * @param backoffBase the delay of the second restart in a row (the first is immediate); the restart after
 *     the (n+1)-th crash in a row waits min(base·2ⁿ, cap)
 * @param backoffCap the largest restart delay
 * @param stableWindow a run at least this long makes the next crash the first in a row again
 * @param maxRestarts restarts before a pod is FAILED with CrashLoopBackOff; 0 is unlimited
 * @param rolloutDeadline how long a replacement may take to become READY before a rolling replace gives up
 * @param progressDeadline how long a part may go without READY and without any pod changing status before it
 *     fails with ProgressDeadlineExceeded, unless its spec says otherwise
 * @param deployment the name this Steward deployment labels its containers with
 */
public record ReconcileSettings(
        Duration resyncInterval,
        Duration stopGrace,
        Duration backoffBase,
        Duration backoffCap,
        Duration stableWindow,
        Integer maxRestarts,
        Duration rolloutDeadline,
        String deployment,
        Duration progressDeadline) {

    public static final String DEFAULT_DEPLOYMENT = "steward";

    public static final ReconcileSettings DEFAULTS = new ReconcileSettings(Duration.ofSeconds(30), Duration.ofSeconds(10));

    public ReconcileSettings {
        resyncInterval = resyncInterval == null ? Duration.ofSeconds(30) : resyncInterval;
        stopGrace = stopGrace == null ? Duration.ofSeconds(10) : stopGrace;
        backoffBase = backoffBase == null ? Duration.ofSeconds(10) : backoffBase;
        backoffCap = backoffCap == null ? Duration.ofSeconds(300) : backoffCap;
        stableWindow = stableWindow == null ? Duration.ofSeconds(600) : stableWindow;
        maxRestarts = maxRestarts == null ? 5 : maxRestarts;
        rolloutDeadline = rolloutDeadline == null ? Duration.ofSeconds(120) : rolloutDeadline;
        deployment = deployment == null || deployment.isBlank() ? DEFAULT_DEPLOYMENT : deployment;
        progressDeadline = progressDeadline == null ? Duration.ofMinutes(10) : progressDeadline;
    }

    public ReconcileSettings(Duration resyncInterval, Duration stopGrace) {
        this(resyncInterval, stopGrace, null, null, null, null, null, null, null);
    }

    /** These settings with a session's overrides applied. */
    public ReconcileSettings with(RestartSettings overrides) {
        return new ReconcileSettings(resyncInterval, stopGrace,
                seconds(overrides.backoffBaseSeconds(), backoffBase),
                seconds(overrides.backoffCapSeconds(), backoffCap),
                seconds(overrides.stableSeconds(), stableWindow),
                overrides.maxRestarts() == null ? maxRestarts : overrides.maxRestarts(),
                seconds(overrides.rolloutDeadlineSeconds(), rolloutDeadline),
                deployment, progressDeadline);
    }

    private static Duration seconds(Integer value, Duration fallback) {
        return value == null ? fallback : Duration.ofSeconds(value);
    }
}
