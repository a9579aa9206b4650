package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How a readiness check asks the container. */
public enum ProbeType {
    /** Runs a command in the container; exit 0 passes. */
    @JsonProperty("exec")
    EXEC,
    /** GETs a path on a port of the container; a 2xx or 3xx answer passes. */
    @JsonProperty("http")
    HTTP,
    /** Opens a TCP connection to a port of the container. */
    @JsonProperty("tcp")
    TCP
}
