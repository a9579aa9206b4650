package dev.steward.model;

/**
 * Per-session overrides of the pod restart tunables; every field is optional and falls back to the
 * deployment's {@code steward.reconcile.*} settings.
 *
 * @param backoffBaseSeconds the delay of the second restart in a row (the first is immediate)
 * @param backoffCapSeconds the largest restart delay
 * @param stableSeconds a run at least this long resets the backoff
 * @param maxRestarts restarts before a pod is FAILED with CrashLoopBackOff; 0 is unlimited
 * @param rolloutDeadlineSeconds how long a replacement may take to become READY in a rolling replace
 */
public record RestartSettings(
        Integer backoffBaseSeconds,
        Integer backoffCapSeconds,
        Integer stableSeconds,
        Integer maxRestarts,
        Integer rolloutDeadlineSeconds) {

    public static final RestartSettings NONE = new RestartSettings(null, null, null, null, null);
}
