package dev.steward.model;

/** Observed status of a session part, rolled up from its pods. */
public enum PartStatus {
    PENDING,
    PROVISIONING,
    READY,
    STOPPING,
    STOPPED,
    FAILED,
    DELETED
}
