package dev.steward.workflow.part;

import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.workflow.TransitionRecorder;
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

    /** Records a pod's change and applies it, even when only its reason changed. */
    void record(PodSpec pod, PodStatus to, String why, String what, String containerId) {
        PodView before = state.pods.get(pod.name());
        PodRuntime rt = state.runtimes.get(pod.name());
        String host = containerId == null ? null : engines.hostOf(rt);
        Instant nextRestartAt = to == PodStatus.BACKING_OFF && rt.restartAt != null ? Instant.ofEpochMilli(rt.restartAt) : null;
        PodView after = new PodView(pod.name(), to, why, what, containerId, host, rt.restarts, rt.lastExit, nextRestartAt);
        recorder.pod(before.status(), state.name, after, state.generation);
        state.pods.put(pod.name(), after);
    }
}
