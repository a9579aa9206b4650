package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What a pod's container is for. */
public enum PodKind {
    /** Kept running; restarted per its restart policy. */
    @JsonProperty("worker")
    WORKER,
    /** Runs once: exit 0 is COMPLETED, anything else FAILED. */
    @JsonProperty("job")
    JOB
}
