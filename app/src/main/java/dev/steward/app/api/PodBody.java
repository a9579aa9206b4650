package dev.steward.app.api;

import dev.steward.model.ExitInfo;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.PublishedPort;
import dev.steward.model.PullProgress;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;
import java.util.List;

/**
 * A pod of a session as the API shows it.
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
 *     once the pull has written it; {@code null} otherwise
 */
@Serdeable
public record PodBody(
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

    static PodBody of(PodView pod) {
        return new PodBody(pod.name(), pod.status(), pod.reason(), pod.message(), pod.containerId(), pod.host(),
                pod.restarts(), pod.lastExit(), pod.nextRestartAt(), pod.address(), pod.ports(), pod.pullProgress());
    }
}
