package dev.steward.contract;

import io.temporal.activity.ActivityInterface;
import java.util.List;
import java.util.Map;

/**
 * The container engine, as workflows see it. Every method is idempotent: running it twice leaves
 * the engine as running it once does.
 */
@ActivityInterface
public interface ContainerActivities {

    /** Non-retryable failure type: the engine refused the spec (for example an unknown image). */
    String INVALID_SPEC = "InvalidContainerSpec";

    /** Every container, running or not, that carries all of these labels. */
    List<ContainerState> listContainers(Map<String, String> labels);

    /**
     * Creates the container unless one of that name exists; an existing one is returned as it is.
     * Pulls nothing: the image must be present on the engine.
     */
    ContainerState ensureContainer(ContainerRequest request);

    /** Starts the container unless it runs; returns its state afterwards. */
    ContainerState startContainer(String containerId);

    /** Stops the container: SIGTERM, then SIGKILL after the grace period. A missing one is stopped. */
    void stopContainer(String containerId, int graceSeconds);

    /** Removes the container, killing it if it still runs. A missing one is removed. */
    void removeContainer(String containerId);

    /** The container's state with everything the engine knows (exit code, OOM kill); null when it is gone. */
    ContainerState inspectContainer(String containerId);

    /**
     * Checks the container's readiness on the check's interval, heartbeating, until it differs from
     * {@code request.ready()} (a ready container must fail {@code failureThreshold} checks in a row),
     * or until {@code maxWaitSeconds} pass.
     */
    ProbeResult awaitReadinessChange(ProbeRequest request);
}
