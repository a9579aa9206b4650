package dev.steward.workflow.part;

import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.Reason;
import dev.steward.workflow.TransitionRecorder;
import io.temporal.workflow.Workflow;
import java.time.Instant;
import java.util.Objects;

/** A pod's changes of status: each is recorded as a transition and becomes the part's view of the pod. */
final class PodTransitions {

    private final PartState state;
    private final PodEngines engines;
    private final TransitionRecorder recorder;

    PodTransitions(PartState state, PodEngines engines, TransitionRecorder recorder) {
        this.state = state;
        this.engines = engines;
        this.recorder = recorder;
    }

    /** Records a pod's change and applies it; a change that changes neither status nor container records nothing. */
    void update(PodSpec pod, PodStatus to, String why, String what, String containerId) {
        PodView before = state.pods.get(pod.name());
        if (before.status() == to && Objects.equals(before.containerId(), containerId)) {
            return;
        }
        record(pod, to, why, what, containerId);
    }

    /**
     * The pod's host engine did not answer: the pod is UNKNOWN, keeps its container and restart count,
     * and is looked at again after the resync interval (or sooner, when its host's resync sees it).
     */
    void unknown(PodSpec pod, String detail) {
        PodRuntime rt = state.runtimes.get(pod.name());
        rt.lookAgainAt(Workflow.currentTimeMillis() + state.settings.resyncInterval().toMillis());
        rt.stopProbe(); // its readiness is unknown too: a new probe starts once the engine answers
        update(pod, PodStatus.UNKNOWN, Reason.HOST_UNREACHABLE.code(), "the engine of host " + rt.host()
                + " did not answer (" + detail + "): nothing is known of the pod until it does; looked at again every "
                + state.settings.resyncInterval().toSeconds() + " s, no restart counted",
                state.pods.get(pod.name()).containerId());
    }

    /**
     * A host port the pod publishes is taken on its host: the pod is PENDING there, keeps its created
     * container, and its start is tried again after the resync interval, no restart counted.
     */
    void hostPortTaken(PodSpec pod, String detail) {
        PodRuntime rt = state.runtimes.get(pod.name());
        rt.lookAgainAt(Workflow.currentTimeMillis() + state.settings.resyncInterval().toMillis());
        rt.stopProbe();
        update(pod, PodStatus.PENDING, Reason.UNSCHEDULABLE.code(), "a host port of the pod is taken on host "
                + rt.host() + " (" + detail + "): it stays pending there, its start tried again every "
                + state.settings.resyncInterval().toSeconds() + " s, no restart counted",
                state.pods.get(pod.name()).containerId());
    }

    /** Records a pod's change and applies it, even when only its reason changed. */
    void record(PodSpec pod, PodStatus to, String why, String what, String containerId) {
        PodView before = state.pods.get(pod.name());
        PodRuntime rt = state.runtimes.get(pod.name());
        String host = containerId == null ? null : rt.host();
        Instant nextRestartAt = to == PodStatus.BACKING_OFF ? rt.nextRestart() : null;
        PodView after = new PodView(pod.name(), to, why, what, containerId, host, rt.restarts(), rt.lastExit(), nextRestartAt);
        recorder.pod(before.status(), state.name, after, state.generation);
        state.pods.put(pod.name(), after);
    }
}
