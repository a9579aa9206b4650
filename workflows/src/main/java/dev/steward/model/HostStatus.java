package dev.steward.model;

/** The observed status of a host, as its probes and the operator's switches make it. */
public enum HostStatus {
    /** Registered and not probed yet: no pod is placed on it. */
    UNKNOWN,
    /** Answers its probes, enabled and not draining: pods may be placed on it. */
    READY,
    /** Failed the configured number of consecutive probes. */
    UNREACHABLE,
    /** The operator asked to move its pods elsewhere: no new pods. */
    DRAINING,
    /** The operator switched it off: no new pods, and its pods are to stop. */
    DISABLED
}
