package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** When Steward restarts a pod's exited container (Docker's own restart policy is always "no"). */
public enum RestartPolicy {
    /** Whatever the exit. */
    @JsonProperty("always")
    ALWAYS,
    /** Only after a non-zero exit or an OOM kill. */
    @JsonProperty("on-failure")
    ON_FAILURE,
    /** Never: the first exit is final. */
    @JsonProperty("never")
    NEVER
}
