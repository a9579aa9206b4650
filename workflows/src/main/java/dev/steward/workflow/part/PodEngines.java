package dev.steward.workflow.part;

import static dev.steward.workflow.ActivityFailures.rootMessage;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerLimits;
import dev.steward.contract.ContainerRequest;
import dev.steward.contract.ContainerState;
import dev.steward.contract.HostNotice;
import dev.steward.contract.StewardLabels;
import dev.steward.model.HostStatus;
import dev.steward.model.PodSpec;
import dev.steward.workflow.ActivityDefaults;
import dev.steward.workflow.HostStubs;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.slf4j.Logger;

/**
 * The engines a part's pods run on: each placed pod's host engine, on that host's task queue. Lists the
 * part's containers and stops them.
 */
final class PodEngines {

    private static final Logger log = Workflow.getLogger(PodEngines.class);
    private static final Duration ENGINE_CALL_TIMEOUT = Duration.ofMinutes(1);
    private static final ActivityOptions ENGINE_CALLS = ActivityDefaults.withTimeout(ENGINE_CALL_TIMEOUT);
    /**
     * Pulls heartbeat their progress and may take long; an unreachable registry comes back at once,
     * as the pod's ImagePullBackOff is the workflow's to time.
     */
    private static final ActivityOptions PULLS = ActivityOptions.newBuilder(ActivityDefaults.heartbeating(Duration.ofMinutes(30)))
            .setRetryOptions(RetryOptions.newBuilder(ActivityDefaults.TRANSIENT_RETRY)
                    .setDoNotRetry(ContainerActivities.IMAGE_PULL_UNAVAILABLE)
                    .build())
            .build();

    private final PartState state;
    private final HostStubs<ContainerActivities> hostEngines = new HostStubs<>(ContainerActivities.class, ENGINE_CALLS);
    private final HostStubs<ContainerActivities> hostPulls = new HostStubs<>(ContainerActivities.class, PULLS);
    /** Stops wait up to the stop grace for the container to end before they kill it: each call has that on top. */
    private final HostStubs<ContainerActivities> hostStops;
    /** Why each host that did not answer the last {@link #observe()} did not, by host. */
    private final Map<String, String> unanswered = new HashMap<>();

    PodEngines(PartState state) {
        this.state = state;
        this.hostStops = new HostStubs<>(ContainerActivities.class,
                ActivityDefaults.withTimeout(ENGINE_CALL_TIMEOUT.plus(state.settings.stopGrace())));
    }

    /** The engine calls of the pod's host. */
    ContainerActivities of(PodRuntime rt) {
        return on(rt.host());
    }

    /** The engine calls of {@code host}. */
    ContainerActivities on(String host) {
        return hostEngines.on(host);
    }

    /** The engine of {@code host} for pulls, which heartbeat. */
    ContainerActivities pullsOn(String host) {
        return hostPulls.on(host);
    }

    /**
     * The part's containers on every host its pods are on, listed at once; a host that does not
     * answer is left out, and so is a lost one.
     */
    Map<String, List<ContainerState>> observe() {
        Map<String, String> labels = StewardLabels.forPart(state.sessionId, state.name);
        Map<String, Promise<List<ContainerState>>> listings = new TreeMap<>();
        for (PodRuntime rt : state.runtimes.values()) {
            HostNotice notice = state.noticeOf(rt);
            if (rt.host() != null && (notice == null || notice.status() != HostStatus.UNREACHABLE)) {
                listings.computeIfAbsent(rt.host(), host -> Async.function(hostEngines.on(host)::listContainers, labels));
            }
        }
        Map<String, List<ContainerState>> observed = new HashMap<>();
        unanswered.clear();
        listings.forEach((host, listing) -> {
            try {
                observed.put(host, listing.get());
            } catch (ActivityFailure failure) {
                log.warn("part {}: listing containers on host {} failed: {}", state.name, host, rootMessage(failure));
                unanswered.put(host, rootMessage(failure));
            }
        });
        return observed;
    }

    /**
     * What {@link #observe()} would find on a part none of whose containers can exist yet, without asking:
     * no container on any host its pods are on. A create that finds its name taken all the same (an earlier
     * attempt's) takes that container.
     */
    Map<String, List<ContainerState>> noneYet() {
        Map<String, List<ContainerState>> observed = new HashMap<>();
        state.runtimes.values().stream().map(PodRuntime::host).filter(Objects::nonNull)
                .forEach(host -> observed.put(host, List.of()));
        unanswered.clear();
        return observed;
    }

    /** Why {@code host} did not answer the last listing. */
    String whyUnanswered(String host) {
        return unanswered.get(host);
    }

    /** What the pod's container of {@code specHash}, named {@code containerName}, is created as on {@code host}. */
    ContainerRequest request(PodSpec pod, String specHash, String containerName, String host) {
        Map<String, String> labels = new HashMap<>(StewardLabels.forPod(state.sessionId, state.name, pod.name(),
                state.generation, specHash, state.settings.deployment(), host));
        // The limits it is created with: a start brings them back on an engine that does not keep an update.
        ContainerLimits limits = ContainerLimits.of(pod);
        labels.putAll(limits.labels());
        return new ContainerRequest(containerName, pod.image(), pod.command(), pod.givenEnv(), pod.ports(),
                Map.copyOf(labels), limits.memoryBytes(), limits.nanoCpus(), pod.secretEnv(), pod.hostNetwork(),
                pod.mounts(), pod.addCapabilities());
    }

    /** Stops the container on {@code host}, giving it the stop grace to end before it is killed. */
    void stop(String host, String containerId) {
        hostStops.on(host).stopContainer(containerId, (int) state.settings.stopGrace().toSeconds());
    }

    /**
     * Stops the container on {@code host} and, when {@code remove}, removes it; a stopped job keeps its
     * container for its logs.
     */
    void stopAndRemove(String host, ContainerState container, boolean remove) {
        stop(host, container.id());
        if (remove) {
            on(host).removeContainer(container.id());
        }
    }

    /** Stops and removes the container on {@code host}; a failure is logged and left to the next pass or the sweep. */
    void stopAndRemoveQuietly(String host, ContainerState container) {
        try {
            stopAndRemove(host, container, true);
        } catch (ActivityFailure failure) {
            log.warn("part {}: removing container {} failed: {}", state.name, container.name(), rootMessage(failure));
        }
    }
}
