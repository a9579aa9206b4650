package dev.steward.workflow.part;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerNames;
import dev.steward.contract.ContainerState;
import dev.steward.model.PodSpec;

/**
 * Starts a pod's new container beside the one that serves and waits until it is ready, so the old
 * one is removed only once the new one can take over: a rolling replace on the same host, and a
 * move off a draining host to another.
 */
final class SideBySideStart {

    private final PartState state;
    private final PodEngines engines;
    private final ReadinessProbes readiness;
    private final ImagePulls pulls;

    SideBySideStart(PartState state, PodEngines engines, ReadinessProbes readiness, ImagePulls pulls) {
        this.state = state;
        this.engines = engines;
        this.readiness = readiness;
        this.pulls = pulls;
    }

    /**
     * Starts the pod's container of {@code specHash} on {@code host} beside {@code serving}.
     *
     * @return it, once ready (its first readiness check passed, or it runs when it has no check)
     *     within the rollout deadline; {@code null} when it was not, and it was removed again, or while its
     *     image's pull backs off ({@link ImagePulls#backingOff})
     */
    ContainerState startReady(PodSpec pod, PodRuntime rt, String specHash, String host, ContainerState serving) {
        ContainerActivities engine = engines.on(host);
        ContainerState started = pulls.create(pod, rt, host, serving.id(), () -> engine.ensureStarted(
                engines.request(pod, specHash, ContainerNames.of(state.sessionId, state.name, pod.name(), specHash),
                        host)));
        if (started == null) {
            return null;
        }
        ContainerState next = started;
        boolean ready = pod.readiness() == null ? started.running() : readiness.awaitFirstPass(host, pod, next);
        if (!ready) {
            engines.stopAndRemove(host, next, true);
            return null;
        }
        return next;
    }
}
