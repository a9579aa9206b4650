package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonCreator;

/** When Steward restarts a pod's exited container (Docker's own restart policy is always "no"). */
public enum RestartPolicy {
    /** Whatever the exit. */
    ALWAYS,
    /** Only after a non-zero exit or an OOM kill. */
    ON_FAILURE,
    /** Never: the first exit is final. */
    NEVER;

    /** Any case, and {@code -} for {@code _}: see {@link EnumText}. */
    @JsonCreator
    public static RestartPolicy of(String text) {
        return EnumText.parse(RestartPolicy.class, text);
    }
}
