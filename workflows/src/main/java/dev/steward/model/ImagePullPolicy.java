package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonCreator;

/** When a pod's image is pulled onto its host before its container is created. */
public enum ImagePullPolicy {
    /** At every container creation, so a moved tag is followed. */
    ALWAYS,
    /** Only when the host does not have the image (the default). */
    IF_NOT_PRESENT,
    /** Never: the image must already be on the host, else the engine refuses the container. */
    NEVER;

    /** Any case, and {@code -} for {@code _}: see {@link EnumText}. */
    @JsonCreator
    public static ImagePullPolicy of(String text) {
        return EnumText.parse(ImagePullPolicy.class, text);
    }
}
