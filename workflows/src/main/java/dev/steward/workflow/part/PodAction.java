package dev.steward.workflow.part;

/**
 * An operator's action on one pod.
 *
 * @param pod the pod's name
 * @param action what to do
 */
public record PodAction(String pod, Kind action) {

    public enum Kind {
        /** Forget the restart count and backoff; a crash-looped pod is tried again. */
        RESET_BACKOFF,
        /** Restart the pod now: skip a pending backoff, retry a failed pod, or restart a running container. */
        RESTART
    }
}
