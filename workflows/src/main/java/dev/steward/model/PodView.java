package dev.steward.model;

import java.time.Instant;
import java.util.List;

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
 * @param address its container's address on the engine's network, as the engine reports it when the
 *     session is read; {@code null} when it has none or its engine did not answer
 * @param ports its container's ports as the engine publishes them, read with the address; empty when unknown
 * @param pullProgress while its reason is {@code Pulling}: how far the pull of its image on its host is,
 *     once the pull has written it; {@code null} otherwise. The read model's view only
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
        Instant nextRestartAt,
        String address,
        List<PublishedPort> ports,
        PullProgress pullProgress) {

    public PodView {
        ports = ports == null ? List.of() : List.copyOf(ports);
    }

    /** A pod as Steward knows it, without what only its engine can tell. */
    public PodView(String name, PodStatus status, String reason, String message, String containerId, String host,
            int restarts, ExitInfo lastExit, Instant nextRestartAt) {
        this(name, status, reason, message, containerId, host, restarts, lastExit, nextRestartAt, null, List.of(),
                null);
    }

    public PodView(String name, PodStatus status, String reason, String message, String containerId, String host) {
        this(name, status, reason, message, containerId, host, 0, null, null);
    }

    /** The same pod, with its container's address and ports as its engine reports them. */
    public PodView withEndpoints(String address, List<PublishedPort> ports) {
        return new PodView(name, status, reason, message, containerId, host, restarts, lastExit, nextRestartAt,
                address, ports, pullProgress);
    }

    /** The same pod, with how far the pull of its image is. */
    public PodView withPullProgress(PullProgress progress) {
        return new PodView(name, status, reason, message, containerId, host, restarts, lastExit, nextRestartAt,
                address, ports, progress);
    }
}
