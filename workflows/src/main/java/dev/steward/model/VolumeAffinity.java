package dev.steward.model;

/**
 * Where a pod's volume is already: a pod of the same session that mounts it is placed on that host,
 * and a volume lives on one host only.
 *
 * @param volume the volume's name in the session
 * @param host the host it is on
 * @param pod the pod placed there that mounts it, as {@code part/pod}
 */
public record VolumeAffinity(String volume, String host, String pod) {

    /** The volume's pods that are placed already, and where: the last part of a placement's message. */
    public String describe() {
        return "volume " + volume + " is on host " + host + " (pod " + pod + " mounts it there)";
    }
}
