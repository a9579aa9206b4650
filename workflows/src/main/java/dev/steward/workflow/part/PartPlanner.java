package dev.steward.workflow.part;

import dev.steward.model.DesiredStatus;
import dev.steward.model.HostStatus;
import dev.steward.model.PartStatus;
import dev.steward.model.PodStatus;
import dev.steward.model.Rollup;
import dev.steward.model.StatusRollup;
import dev.steward.workflow.ResourcePlanner;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a part is from its pods: its status ({@link StatusRollup#part}), the generation it converged
 * to and the failure it reports; and which of its workers moves off a draining host in a pass.
 * Pure: the part workflow acts on what it decides.
 */
final class PartPlanner implements ResourcePlanner<PartObservation, PartPlan> {

    @Override
    public PartPlan plan(PartObservation observed) {
        Map<String, PodStatus> podStatuses = new LinkedHashMap<>();
        observed.pods().forEach(pod -> podStatuses.put(pod.name(), pod.status()));
        Rollup<PartStatus> rollup = StatusRollup.part(observed.desired(), podStatuses, observed.maxUnhealthy());
        // A pass that began on an older generation has not converged to the one that came meanwhile.
        long observedGeneration = rollup.converged() && observed.passGeneration() == observed.generation()
                ? observed.generation()
                : observed.observedGeneration();
        return new PartPlan(rollup.status(), rollup.reason(), rollup.message(), observedGeneration,
                failure(rollup.status(), observed));
    }

    /**
     * The first worker, in spec order, that serves on a draining host and whose placement retry is
     * due: the one pod of the part that moves this pass, so the others keep serving meanwhile.
     *
     * @param pods the part's pods in spec order
     * @param now workflow time in millis
     * @return its name, or {@code null} when none moves
     */
    String nextToMoveOffDrainingHost(DesiredStatus desired, List<MoveCandidate> pods, long now) {
        if (desired != DesiredStatus.RUNNING) {
            return null;
        }
        for (MoveCandidate pod : pods) {
            if (pod.hostStatus() == HostStatus.DRAINING && !pod.job()
                    && (pod.placeRetryAt() == null || pod.placeRetryAt() <= now)) {
                return pod.pod();
            }
        }
        return null;
    }

    /** The first failed pod of a failed part, with how often it was tried. */
    private static PartFailure failure(PartStatus status, PartObservation observed) {
        if (status != PartStatus.FAILED) {
            return null;
        }
        return observed.pods().stream()
                .filter(pod -> pod.status() == PodStatus.FAILED)
                .findFirst()
                .map(pod -> new PartFailure(pod.name(), pod.reason(), pod.message(),
                        observed.attempts().getOrDefault(pod.name(), 0)))
                .orElse(null);
    }
}
