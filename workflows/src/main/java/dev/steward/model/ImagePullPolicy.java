package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** When a pod's image is pulled on its host before its container is created. */
public enum ImagePullPolicy {
    /** At every container creation, so a moved tag is followed. */
    @JsonProperty("always")
    ALWAYS,
    /** Only when the host does not have the image (the default). */
    @JsonProperty("if-not-present")
    IF_NOT_PRESENT,
    /** Never: the image must already be on the host, else the engine refuses the container. */
    @JsonProperty("never")
    NEVER
}
