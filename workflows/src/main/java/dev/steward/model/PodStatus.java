package dev.steward.model;

/** Observed status of one pod (one container). */
public enum PodStatus {
    /** Known, no container yet. */
    PENDING,
    /** The container is being created. */
    CREATING,
    /** The container exists and is being started. */
    STARTING,
    /** The container runs (and, with a readiness check, the check passes). */
    READY,
    /** The container runs but its readiness check does not pass. */
    NOT_READY,
    /** The container exited; it is restarted at {@code nextRestartAt}. */
    BACKING_OFF,
    /** A job's container exited with 0. */
    COMPLETED,
    /** The container is being stopped and removed. */
    STOPPING,
    /** Desired STOPPED and the container is gone. */
    STOPPED,
    /**
     * The pod's host engine does not answer: nothing is known of its container until it does. Counts
     * no restart and escalates nothing; the host's loss rules decide what happens after the grace period.
     */
    UNKNOWN,
    /** The pod cannot be brought to its desired status. */
    FAILED,
    /** Desired DELETED and the container is gone. */
    REMOVED
}
