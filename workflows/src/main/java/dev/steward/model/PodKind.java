package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonCreator;

/** What a pod's container is for. */
public enum PodKind {
    /** Kept running; restarted per its restart policy. */
    WORKER,
    /** Runs once: exit 0 is COMPLETED, anything else FAILED. */
    JOB;

    /** Any case, and {@code -} for {@code _}: see {@link EnumText}. */
    @JsonCreator
    public static PodKind of(String text) {
        return EnumText.parse(PodKind.class, text);
    }
}
