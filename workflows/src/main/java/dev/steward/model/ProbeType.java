package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonCreator;

/** How a readiness check asks the container. */
public enum ProbeType {
    /** Runs a command in the container; exit 0 passes. */
    EXEC,
    /** GETs a path on a port of the container; a 2xx or 3xx answer passes. */
    HTTP,
    /** Opens a TCP connection to a port of the container. */
    TCP;

    /** Any case, and {@code -} for {@code _}: see {@link EnumText}. */
    @JsonCreator
    public static ProbeType of(String text) {
        return EnumText.parse(ProbeType.class, text);
    }
}
