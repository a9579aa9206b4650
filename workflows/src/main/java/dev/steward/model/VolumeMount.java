package dev.steward.model;

/**
 * A session volume mounted into a pod's container.
 *
 * @param volume the name of one of the session's volumes
 * @param path where it is mounted in the container, an absolute path
 * @param readOnly whether the container may only read it
 */
public record VolumeMount(String volume, String path, Boolean readOnly) {

    public VolumeMount {
        readOnly = Boolean.TRUE.equals(readOnly);
    }
}
