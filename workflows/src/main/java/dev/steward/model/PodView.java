package dev.steward.model;

import java.time.Instant;

/**
 * A pod as the API and the workflow query show it.
 *
 * @param name the pod's name
 * @param status its observed status
 * @param reason why it has that status
 * @param message the reason in words
 * @param containerId its current container, or {@code null}
 * @param host the host its container runs on, or {@code null}
 * @param restarts how often Steward restarted it since the last reset
 * @param lastExit how its container last ended, or {@code null}
 * @param nextRestartAt while BACKING_OFF: when it restarts
 */
public record PodView(
        String name,
        PodStatus status,
        String reason,
        String message,
        String containerId,
        String host,
        int restarts,
        ExitInfo lastExit,
        Instant nextRestartAt) {

    public PodView(String name, PodStatus status, String reason, String message, String containerId, String host) {
        this(name, status, reason, message, containerId, host, 0, null, null);
    }
}
