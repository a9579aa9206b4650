package dev.steward.contract;

import io.temporal.activity.ActivityInterface;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The container engine, as workflows see it. Every method is idempotent: running it twice leaves
 * the engine as running it once does.
 */
@ActivityInterface
public interface ContainerActivities {

    /** Non-retryable failure type: the engine refused the spec (for example an unknown image). */
    String INVALID_SPEC = "InvalidContainerSpec";

    /**
     * Non-retryable failure type: the engine has not the container's image. The caller pulls it as the
     * pod's pull policy says, and creates again.
     */
    String IMAGE_MISSING = "ImageMissing";

    /** Non-retryable failure type: the registry refused the pull (no such image, credentials refused). */
    String IMAGE_PULL_REFUSED = "ImagePullRefused";

    /** Failure type of a pull that may succeed later (registry unreachable or failing): retried with backoff. */
    String IMAGE_PULL_UNAVAILABLE = "ImagePullUnavailable";

    /** Non-retryable failure type: a host port the container publishes is taken on the engine's machine. */
    String HOST_PORT_TAKEN = "HostPortTaken";

    /** Failure type of a volume removal that found a volume still used by a container: retried with backoff. */
    String VOLUME_IN_USE = "VolumeInUse";

    /** Every container, running or not, that carries all of these labels. */
    List<ContainerState> listContainers(Map<String, String> labels);

    /**
     * Creates the container unless one of that name exists; an existing one is returned as it is.
     * Pulls nothing: an image the engine has not fails it with {@link #IMAGE_MISSING}, see {@link #pullImage}.
     */
    ContainerState ensureContainer(ContainerRequest request);

    /**
     * {@link #ensureContainer} and {@link #startContainer} in one call, for a pod's new container: one round
     * trip where two would be. Fails as either does. Once the engine has started the container, the answer
     * is what the create knew, marked running, with no inspect: a process that ends at once shows in its
     * {@code die} event, not here.
     */
    ContainerState ensureStarted(ContainerRequest request);

    /**
     * Pulls the image, with the credentials registered for its registry, heartbeating the layers done.
     * Concurrent pulls of one image on one engine are one pull. Fails with {@link #IMAGE_PULL_REFUSED}
     * (non-retryable) or {@link #IMAGE_PULL_UNAVAILABLE}.
     */
    ImagePullResult pullImage(String image);

    /**
     * Starts the container unless it runs; returns its state afterwards. Fails with
     * {@link #HOST_PORT_TAKEN} (non-retryable) when a host port it publishes is in use.
     */
    ContainerState startContainer(String containerId);

    /**
     * Sets the running container's limits in place, keeping the container: the engine's update call
     * (Docker's), else Podman's libpod one. An engine may apply it without keeping it (Podman 4.3 does):
     * a start of the container then brings back the limits it was created with.
     */
    LimitsUpdate updateLimits(String containerId, ContainerLimits limits);

    /** Stops the container: SIGTERM, then SIGKILL after the grace period. A missing one is stopped. */
    void stopContainer(String containerId, int graceSeconds);

    /** Removes the container, killing it if it still runs. A missing one is removed. */
    void removeContainer(String containerId);

    /**
     * Removes these volumes of the session ({@code volumes} as the session declares them) from the
     * engine; one that is not there is removed. Fails with {@link #VOLUME_IN_USE} while a container
     * still uses one.
     */
    void removeSessionVolumes(UUID sessionId, List<String> volumes);

    /** The container's state with everything the engine knows (exit code, OOM kill); null when it is gone. */
    ContainerState inspectContainer(String containerId);

    /**
     * Checks the container's readiness on the check's interval, heartbeating, until it differs from
     * {@code request.ready()} (a ready container must fail {@code failureThreshold} checks in a row),
     * or until {@code maxWaitSeconds} pass.
     */
    ProbeResult awaitReadinessChange(ProbeRequest request);
}
