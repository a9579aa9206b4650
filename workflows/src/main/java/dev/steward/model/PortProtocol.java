package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The transport protocol of a container port. */
public enum PortProtocol {
    @JsonProperty("tcp")
    TCP,
    @JsonProperty("udp")
    UDP
}
