package dev.steward.workflow.part;

import dev.steward.contract.ContainerState;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.Reason;
import io.temporal.workflow.Workflow;
import java.util.List;

/**
 * A changed spec of a worker with a readiness check: the new container starts beside the old one,
 * which is removed only once the new one is READY; past the rollout deadline the old one keeps
 * serving until the next spec change, and the failed rollout is reported.
 */
final class RollingReplace {

    private final PartState state;
    private final PodEngines engines;
    private final SideBySideStart sideBySide;
    private final PodTransitions transitions;
    private final ImagePulls pulls;

    RollingReplace(PartState state, PodEngines engines, SideBySideStart sideBySide, PodTransitions transitions,
            ImagePulls pulls) {
        this.state = state;
        this.engines = engines;
        this.sideBySide = sideBySide;
        this.transitions = transitions;
        this.pulls = pulls;
    }

    /**
     * Rolls the pod's spec of {@code specHash} out beside {@code serving}.
     *
     * @param outdated every container of an older spec, {@code serving} among them
     * @return the container that serves the pod now: the new one once it replaced the old ones, or
     *     {@code serving} while a rollout that failed earlier in this generation, or the new image's
     *     pull backing off, keeps it; {@code null}
     *     when the rollout failed just now, which is recorded
     */
    ContainerState replace(PodSpec pod, PodRuntime rt, String specHash, ContainerState serving, List<ContainerState> outdated) {
        if (rt.rolloutFailed(state.generation) || pulls.backingOff(rt)) {
            return serving;
        }
        ContainerState next = sideBySide.startReady(pod, rt, specHash, rt.host(), serving);
        if (next == null && pulls.backingOff(rt)) {
            return serving;
        }
        if (next == null) {
            rt.rolloutFailedIn(state.generation);
            transitions.record(pod, state.pods.get(pod.name()).status(), Reason.ROLLOUT_FAILED.code(),
                    "the new container did not become ready within the rollout deadline of "
                            + state.settings.rolloutDeadline().toSeconds() + " s; the old container keeps running",
                    serving.id());
            return null;
        }
        for (ContainerState old : outdated) {
            engines.stopAndRemove(rt.host(), old, true);
        }
        rt.replaced(Workflow.currentTimeMillis());
        transitions.update(pod, PodStatus.STARTING, Reason.ROLLED_OUT.code(), "the new container is ready; the old one was removed", next.id());
        return next;
    }
}
