package dev.steward.model;

/** Observed status of one pod (one container). */
public enum PodStatus {
    /** Known, no container yet. */
    PENDING,
    /** The container is being created. */
    CREATING,
    /** The container exists and is being started. */
    STARTING,
    /** The container runs. */
    READY,
    /** The container is being stopped and removed. */
    STOPPING,
    /** Desired STOPPED and the container is gone. */
    STOPPED,
    /** The pod cannot be brought to its desired status. */
    FAILED,
    /** Desired DELETED and the container is gone. */
    REMOVED
}
