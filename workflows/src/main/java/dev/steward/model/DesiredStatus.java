package dev.steward.model;

/** What a user wants a session (and, cascaded, each of its parts and pods) to be. */
public enum DesiredStatus {
    RUNNING,
    STOPPED,
    DELETED
}
