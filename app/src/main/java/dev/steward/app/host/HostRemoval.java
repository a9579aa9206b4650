package dev.steward.app.host;

/** How far deleting a host got. */
public enum HostRemoval {
    /** The host, its workflow and its worker are gone. */
    COMPLETE,
    /** The host is deleted; Temporal did not answer in time, so the workers' next refresh ends its workflow. */
    WORKFLOW_END_PENDING
}
