package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonCreator;

/** The transport protocol of a container port. */
public enum PortProtocol {
    TCP,
    UDP;

    /** Any case, and {@code -} for {@code _}: see {@link EnumText}. */
    @JsonCreator
    public static PortProtocol of(String text) {
        return EnumText.parse(PortProtocol.class, text);
    }
}
