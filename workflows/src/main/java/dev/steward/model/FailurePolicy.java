package dev.steward.model;

/** What a session does when one of its parts fails. */
public enum FailurePolicy {
    /** Tear down the whole session; it ends FAILED, naming the part and pod. */
    ABORT,
    /** Keep the other parts running; the session is DEGRADED. */
    CONTINUE
}
