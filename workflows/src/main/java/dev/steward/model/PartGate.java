package dev.steward.model;

/** What a part waits for in the parts it names in {@code after}. */
public enum PartGate {
    /** Every named part is READY. */
    READY,
    /** Every named part has COMPLETED. */
    COMPLETED
}
