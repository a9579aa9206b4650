package dev.steward.model;

/** The kinds of resource whose status changes are recorded as transitions. */
public enum ResourceKind {
    SESSION,
    PART,
    POD
}
