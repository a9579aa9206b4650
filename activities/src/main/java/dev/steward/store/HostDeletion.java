package dev.steward.store;

/** How a request to remove a host ended. */
public enum HostDeletion {
    DELETED,
    NOT_FOUND,
    /** Refused: pods are placed on it. */
    HAS_PLACEMENTS
}
