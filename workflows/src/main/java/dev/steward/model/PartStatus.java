package dev.steward.model;

/** Observed status of a session part, rolled up from its pods. */
public enum PartStatus {
    PENDING,
    /** Not started: waits for the parts named in its {@code after} gate. */
    WAITING,
    PROVISIONING,
    READY,
    /** Every pod is a job and every job completed. */
    COMPLETED,
    STOPPING,
    STOPPED,
    FAILED,
    DELETED;

    /** Whether a part in this status still makes its way, as its {@code Progressing} condition says: all but FAILED. */
    public boolean progressing() {
        return this != FAILED;
    }
}
