package dev.steward.workflow.part;

import dev.steward.model.DesiredStatus;
import dev.steward.model.PartStatus;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The part's progress deadline, Kubernetes' progressDeadlineSeconds: a part that wants to run, is not up,
 * and none of whose pods changed status for that long (a pod Unschedulable, say, or never ready) has
 * stalled. A new generation, or any pod's change of status, is progress and starts the window again.
 * Times are workflow millis.
 */
final class ProgressDeadline {

    private final PartState state;

    ProgressDeadline(PartState state) {
        this.state = state;
    }

    /** Notes the pods' statuses after a pass: a change since the last one, or a new generation, is progress. */
    void observe(long now) {
        Map<String, PodStatus> statuses = new LinkedHashMap<>();
        state.pods.values().forEach(pod -> statuses.put(pod.name(), pod.status()));
        if (!statuses.equals(state.progressSeen) || state.generation != state.progressGeneration) {
            state.progressSeen.clear();
            state.progressSeen.putAll(statuses);
            state.progressGeneration = state.generation;
            state.progressAt = now;
        }
    }

    /**
     * The deadline, when it has passed without progress while the part wants to run; {@code null} otherwise,
     * and while a pod is UNKNOWN: its host not answering is the host's to resolve (it moves the pods once lost).
     */
    Duration stalled(long now) {
        if (state.desired != DesiredStatus.RUNNING
                || state.pods.values().stream().map(PodView::status).anyMatch(PodStatus.UNKNOWN::equals)) {
            return null;
        }
        Duration deadline = deadline();
        return now - state.progressAt >= deadline.toMillis() ? deadline : null;
    }

    /** When the deadline passes for a part that waits to be up; {@code null} when no such moment is ahead. */
    Long dueAt(long now) {
        boolean waiting = state.desired == DesiredStatus.RUNNING
                && (state.status == PartStatus.PENDING || state.status == PartStatus.PROVISIONING);
        long at = state.progressAt + deadline().toMillis();
        return waiting && at > now ? at : null;
    }

    /** The part's own deadline, or else the deployment's. */
    Duration deadline() {
        return state.progressDeadlineSeconds != null
                ? Duration.ofSeconds(state.progressDeadlineSeconds)
                : state.settings.progressDeadline();
    }
}
