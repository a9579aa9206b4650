package dev.steward.model;

/** Observed status of a session, rolled up from its parts. */
public enum SessionStatus {
    /** Created; nothing provisioned yet. */
    PENDING,
    /** Desired RUNNING and at least one part is not READY yet. */
    PROVISIONING,
    /** Desired RUNNING and every part is READY. */
    RUNNING,
    /** A part failed under an {@code onFailure: continue} policy; the rest runs. */
    DEGRADED,
    /** Desired STOPPED or DELETED and containers are still being removed. */
    STOPPING,
    /** Desired STOPPED and no container of the session exists. */
    STOPPED,
    /** A part failed and the session gave up on it. */
    FAILED,
    /** Torn down forcibly at the cleanup deadline. */
    EXPIRED,
    /** Desired DELETED and everything is gone; the workflow has ended. */
    DELETED;

    /** Whether the session has ended: its workflows are closed, and nothing of it runs again. */
    public boolean ended() {
        return this == DELETED || this == EXPIRED || this == FAILED;
    }
}
