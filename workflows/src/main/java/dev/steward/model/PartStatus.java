package dev.steward.model;

/** Observed status of a session part, rolled up from its pods. */
public enum PartStatus {
    PENDING,
    /** Not started: waits for the parts named in its {@code after} gate. */
    WAITING,
    PROVISIONING,
    READY,
    STOPPING,
    STOPPED,
    FAILED,
    /** Every pod ran to completion. */
    COMPLETED,
    DELETED
}
