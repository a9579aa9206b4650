package dev.steward.workflow.part;

import static dev.steward.workflow.ActivityFailures.rootMessage;

import dev.steward.contract.ContainerState;
import dev.steward.contract.StewardLabels;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.Reason;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;

/**
 * Keeps the part's pods those of its spec when a spec change scales a pod's replicas: a new replica
 * joins the part as a pod not reconciled yet, and a dropped one has its containers removed, its
 * room given back and leaves the part. The other pods are not touched.
 */
final class PodReplicas {

    private static final Logger log = Workflow.getLogger(PodReplicas.class);

    private final PartState state;
    private final PodEngines engines;
    private final PodPlacement placement;
    private final PodTransitions transitions;

    PodReplicas(PartState state, PodEngines engines, PodPlacement placement, PodTransitions transitions) {
        this.state = state;
        this.engines = engines;
        this.placement = placement;
        this.transitions = transitions;
    }

    /** Whether the spec's pods differ from the part's, and the part scales to them. */
    boolean scaled() {
        return !state.podSpecs.keySet().equals(state.pods.keySet());
    }

    /** Pods the spec added join the part, not reconciled yet. */
    void addNew() {
        for (PodSpec pod : state.podSpecs.values()) {
            if (!state.pods.containsKey(pod.name())) {
                state.pods.put(pod.name(),
                        new PodView(pod.name(), PodStatus.PENDING, Reason.NOT_RECONCILED.code(), null, null, null));
                state.runtimes.put(pod.name(), new PodRuntime());
            }
        }
    }

    /**
     * Removes each dropped pod whose host answered: its containers, its room, then the pod itself.
     * One whose host did not answer, or whose removal failed, is tried again at the next pass.
     */
    void removeDropped(Map<String, List<ContainerState>> observed) {
        List<Promise<Void>> removals = new ArrayList<>();
        for (PodSpec pod : List.copyOf(state.dropped.values())) {
            PodRuntime rt = state.runtimes.get(pod.name());
            String host = rt.host();
            if (host != null && !observed.containsKey(host) && !state.leaving(host)) {
                continue;
            }
            List<ContainerState> containers = observed.getOrDefault(host, List.of()).stream()
                    .filter(c -> pod.name().equals(c.label(StewardLabels.POD)))
                    .toList();
            removals.add(Async.procedure(() -> remove(pod, rt, containers)));
        }
        Promise.allOf(removals).get();
    }

    private void remove(PodSpec pod, PodRuntime rt, List<ContainerState> containers) {
        rt.stopProbe();
        rt.cancelRestart();
        try {
            for (ContainerState container : containers) {
                transitions.update(pod, PodStatus.STOPPING, Reason.SCALED_DOWN.code(),
                        "the spec no longer has this replica: removing container " + container.name(), container.id());
                engines.stopAndRemove(rt.host(), container, true);
            }
            placement.releaseEverywhere(pod, rt);
        } catch (ActivityFailure failure) {
            log.warn("part {}: removing dropped replica {} failed, tried again at the next pass: {}", state.name,
                    pod.name(), rootMessage(failure));
            rt.lookAgainAt(Workflow.currentTimeMillis() + state.settings.resyncInterval().toMillis());
            return;
        }
        transitions.update(pod, PodStatus.REMOVED, Reason.SCALED_DOWN.code(),
                "the spec no longer has this replica: it was removed", null);
        state.pods.remove(pod.name());
        state.runtimes.remove(pod.name());
        state.attempts.remove(pod.name());
        state.dropped.remove(pod.name());
    }
}
