package dev.steward.workflow.part;

import static dev.steward.workflow.ActivityFailures.rootMessage;

import dev.steward.contract.ContainerState;
import dev.steward.contract.HostNotice;
import dev.steward.contract.PlacementResult;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.Reason;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Workflow;
import java.util.List;
import org.slf4j.Logger;

/** Pods leave hosts that stopped taking pods: a lost or disabled host at once, a draining one while they serve. */
final class PodMoves {

    private static final Logger log = Workflow.getLogger(PodMoves.class);

    private final PartState state;
    private final PodEngines engines;
    private final PodPlacement placement;
    private final SideBySideStart sideBySide;
    private final ReadinessProbes readiness;
    private final PodTransitions transitions;
    private final PodPlanner planner;
    private final ImagePulls pulls;

    PodMoves(PartState state, PodEngines engines, PodPlacement placement, SideBySideStart sideBySide,
            ReadinessProbes readiness, PodTransitions transitions, PodPlanner planner, ImagePulls pulls) {
        this.state = state;
        this.engines = engines;
        this.placement = placement;
        this.sideBySide = sideBySide;
        this.readiness = readiness;
        this.transitions = transitions;
        this.planner = planner;
        this.pulls = pulls;
    }

    /**
     * The pod's host stopped taking pods. Lost (UNREACHABLE past the grace period): the pod is placed
     * again, and its old container is left to that host's sweep when it returns. DISABLED: its
     * container is stopped and removed, then the pod is placed again. DRAINING: a worker moves while it
     * serves, one pod of the part at a time ({@code mayMove}); the others keep running meanwhile.
     *
     * @return the containers this pass goes on with, or {@code null} when it is done with the pod
     */
    List<ContainerState> leaveHostNotTakingPods(PodSpec pod, PodRuntime rt, List<ContainerState> observed,
            String specHash, boolean mayMove) {
        HostNotice notice = state.noticeOf(rt);
        if (notice == null) {
            return observed;
        }
        String reason;
        switch (notice.status()) {
            case DRAINING -> {
                if (pod.isJob() || !mayMove) {
                    return observed;
                }
                PodPlan plan = planner.plan(new PodObservation(state.desired, specHash, observed));
                if (plan.current() != null && plan.current().running()
                        && state.pods.get(pod.name()).status() == PodStatus.READY) {
                    moveWhileServing(pod, rt, plan.current(), specHash);
                    return null;
                }
                // Not serving: nothing to keep up while it moves.
                observed.forEach(container -> engines.stopAndRemove(rt.host(), container, true));
                reason = Reason.HOST_DRAINING.code();
            }
            case DISABLED -> {
                for (ContainerState container : observed) {
                    transitions.update(pod, PodStatus.STOPPING, Reason.HOST_DISABLED.code(), notice.message(), container.id());
                    engines.stopAndRemove(rt.host(), container, true);
                }
                reason = Reason.HOST_DISABLED.code();
            }
            default -> reason = Reason.HOST_LOST.code();
        }
        placement.release(pod, rt.host());
        rt.leaveHost();
        transitions.record(pod, PodStatus.PENDING, reason, notice.message() + "; placing the pod on another host", null);
        return List.of();
    }

    /**
     * Moves a READY pod off its draining host: the new container starts on another host and the old
     * one is removed only once the new one is ready, so the pod never stops serving. When no host has
     * room, or the new container is not ready within the rollout deadline, the pod stays and tries again.
     */
    private void moveWhileServing(PodSpec pod, PodRuntime rt, ContainerState serving, String specHash) {
        String from = rt.host();
        PlacementResult target = placement.ask(pod);
        if (!target.placed()) {
            placement.retryLater(rt);
            log.info("part {}: pod {} stays on draining host {}: {}", state.name, pod.name(), from, target.message());
            return;
        }
        String to = target.host();
        ContainerState next;
        String notReady = "was not ready within the rollout deadline of " + state.settings.rolloutDeadline().toSeconds() + " s";
        try {
            next = sideBySide.startReady(pod, rt, specHash, to, serving);
        } catch (ActivityFailure failure) {
            // What it may have left on the target holds no placement there: that host's sweep removes it.
            next = null;
            notReady = "could not be started: " + rootMessage(failure);
        }
        if (next == null && pulls.backingOff(rt)) {
            // Its ImagePullBackOff is recorded; the move is tried again later.
            placement.release(pod, to);
            placement.retryLater(rt);
            return;
        }
        if (next == null) {
            placement.release(pod, to);
            placement.retryLater(rt);
            transitions.record(pod, PodStatus.READY, Reason.MOVE_FAILED.code(), "the new container on " + to + " " + notReady
                    + "; the pod keeps running on " + from + " and tries again", serving.id());
            return;
        }
        // Released either way: an old container that could not be removed now is stale there, and swept.
        engines.stopAndRemoveQuietly(from, serving);
        placement.release(pod, from);
        rt.movedTo(to, Workflow.currentTimeMillis());
        transitions.record(pod, PodStatus.READY, Reason.MOVED_OFF_DRAINING_HOST.code(), "moved from " + from
                + " (draining) to " + to + "; the new container was ready before the old one was removed", next.id());
        if (pod.readiness() != null) {
            // It passed its check already: the probe watches for it to fail, not to pass again.
            readiness.watch(pod, rt, next.id(), pod.readiness());
        }
        // The next pod of the part moves in the next pass.
        state.wake = true;
    }
}
