package dev.steward.workflow.part;

import dev.steward.contract.ContainerState;
import dev.steward.model.ExitInfo;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.Reason;
import io.temporal.workflow.Workflow;
import java.util.List;

/**
 * What happens to a pod whose container exited (restart after a backoff, completion or failure),
 * a job's end, and an operator's restart or backoff reset.
 */
final class PodRestarts {

    private final PartState state;
    private final PodEngines engines;
    private final PodTransitions transitions;
    private final PodPlanner planner;

    PodRestarts(PartState state, PodEngines engines, PodTransitions transitions, PodPlanner planner) {
        this.state = state;
        this.engines = engines;
        this.transitions = transitions;
        this.planner = planner;
    }

    /**
     * The current container has exited: decides restart, completion or failure (retry table layers
     * 2-3) and records it.
     *
     * @param inspected whether {@code container} is what an inspect said (an exit code and an OOM kill);
     *     a container as the engine listed it is inspected first
     * @return whether its backoff has elapsed, so it is started again now
     */
    boolean afterExit(PodSpec pod, PodRuntime rt, ContainerState container, boolean inspected) {
        rt.stopProbe();
        long now = Workflow.currentTimeMillis();
        if (!rt.backingOff()) {
            ContainerState detail = inspected ? container : engines.of(rt).inspectContainer(container.id());
            ContainerState seen = detail == null ? container : detail;
            ExitInfo exit = RestartDecision.exitOf(seen.exitCode(), seen.oomKilled());
            RestartDecision decision = planner.afterExit(rt.exited(pod, exit, now));
            switch (decision.action()) {
                case COMPLETE -> {
                    finish(pod, rt, PodStatus.COMPLETED, decision.reason(), decision.message(), container.id());
                    return false;
                }
                case FAIL -> {
                    finish(pod, rt, PodStatus.FAILED, decision.reason(), decision.message(), container.id());
                    return false;
                }
                case RESTART -> {
                    rt.scheduleRestart(decision.restarts(), decision.exponent(), decision.restartAt());
                    transitions.update(pod, PodStatus.BACKING_OFF, decision.reason(), decision.message(), container.id());
                    if (decision.restartAt() <= now && decision.exponent() == 1) {
                        // The first crash in the window restarts in this very pass: no second listing, and no
                        // pass that reports the pod down to the session in between.
                        rt.cancelRestart();
                        return true;
                    }
                    // Any other restart, even after a zero backoff, waits for the next pass, so a container
                    // that dies at once cannot spin here.
                    return false;
                }
            }
        }
        return rt.takeDueRestart(now);
    }

    /** The pod reached a final state in this generation: COMPLETED or FAILED. */
    void finish(PodSpec pod, PodRuntime rt, PodStatus status, String why, String what, String containerId) {
        rt.finishIn(state.generation);
        transitions.update(pod, status, why, what, containerId);
    }

    /**
     * The operators' actions since the last pass. A restart clears a final state and is due now; a
     * backoff reset starts the count again; either lets a crash-looped pod run again. An action that
     * arrives while a restart stops a container is left for the next pass.
     */
    void applyOperatorActions() {
        long now = Workflow.currentTimeMillis();
        List<PodAction> actions = List.copyOf(state.pendingActions);
        state.pendingActions.clear();
        for (PodAction action : actions) {
            PodRuntime rt = state.runtimes.get(action.pod());
            if (rt == null) {
                continue;
            }
            if (action.action() == PodAction.Kind.RESET_BACKOFF) {
                rt.resetBackoff();
            }
            boolean crashLooped = rt.finishedIn(state.generation)
                    && Reason.CRASH_LOOP_BACK_OFF.is(state.pods.get(action.pod()).reason());
            if (action.action() == PodAction.Kind.RESTART || crashLooped) {
                rt.runAgain();
            }
            // A reset forgot the crashes: the next restart is the first in the window, at once.
            rt.hurryRestart(now);
            if (action.action() == PodAction.Kind.RESTART && state.pods.get(action.pod()).status() == PodStatus.READY) {
                restartNow(action.pod());
            }
        }
    }

    private void restartNow(String pod) {
        String containerId = state.pods.get(pod).containerId();
        PodRuntime rt = state.runtimes.get(pod);
        if (containerId != null) {
            rt.stopProbe();
            engines.stop(rt.host(), containerId);
            // The stopped container is started again by this pass's START step, as an operator restart.
            rt.restartAt(Workflow.currentTimeMillis());
        }
    }
}
