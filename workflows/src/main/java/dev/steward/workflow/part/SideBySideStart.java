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

    SideBySideStart(PartState state, PodEngines engines, ReadinessProbes readiness) {
        this.state = state;
        this.engines = engines;
        this.readiness = readiness;
    }

    /**
     * Starts the pod's container of {@code specHash} on {@code host} beside the one serving.
     *
     * @return it, once ready (its first readiness check passed, or it runs when it has no check)
     *     within the rollout deadline; {@code null} when it was not, and it was removed again
     */
    ContainerState startReady(PodSpec pod, String specHash, String host) {
        ContainerActivities engine = engines.on(host);
        ContainerState next = engine.ensureContainer(engines.request(pod, specHash,
                ContainerNames.of(state.sessionId, state.name, pod.name(), specHash), host));
        ContainerState started = engine.startContainer(next.id());
        boolean ready = pod.readiness() == null ? started.running() : readiness.awaitFirstPass(host, pod, next);
        if (!ready) {
            engines.stopAndRemove(engine, next, true);
            return null;
        }
        return next;
    }
}
