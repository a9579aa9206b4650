package dev.steward.workflow.part;

import dev.steward.contract.ContainerLimits;
import dev.steward.contract.ContainerNames;
import dev.steward.contract.ContainerState;
import dev.steward.contract.LogContext;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ReadinessCheck;
import dev.steward.model.Reason;
import dev.steward.model.SpecHash;
import dev.steward.workflow.ActivityFailures;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Workflow;
import java.util.List;

/**
 * One pass over one pod: off a host that stopped taking pods and onto one that takes it, then the
 * step its {@link PodPlanner} plans (create, start, or keep it running), a rolling replace of a
 * changed spec, and the status that follows. An engine that refused the pod's spec fails it for this
 * generation; one that did not answer leaves it UNKNOWN until it does.
 *
 * <p>It is given what the part workflow shares with other collaborators (the part's state, its engines,
 * its transitions, the planner, placement and restarts) and builds the steps only a pass takes: moves,
 * rolling replaces and side-by-side starts, limits in place, image pulls and readiness probes.
 */
final class PodConvergence {

    private final PartState state;
    private final PodEngines engines;
    private final PodTransitions transitions;
    private final PodPlanner planner;
    private final PodPlacement placement;
    private final PodMoves moves;
    private final ReadinessProbes readiness;
    private final RollingReplace rollingReplace;
    private final PodRestarts restarts;
    private final ImagePulls pulls;
    private final LimitsInPlace limits;

    PodConvergence(PartState state, PodEngines engines, PodTransitions transitions, PodPlanner planner,
            PodPlacement placement, PodRestarts restarts) {
        this.state = state;
        this.engines = engines;
        this.transitions = transitions;
        this.planner = planner;
        this.placement = placement;
        this.restarts = restarts;
        this.readiness = new ReadinessProbes(state);
        this.pulls = new ImagePulls(state, engines, transitions);
        SideBySideStart sideBySide = new SideBySideStart(state, engines, readiness, pulls);
        this.moves = new PodMoves(state, engines, placement, sideBySide, readiness, transitions, planner, pulls);
        this.rollingReplace = new RollingReplace(state, engines, sideBySide, transitions, pulls);
        this.limits = new LimitsInPlace(state, engines, transitions);
    }

    /** A reconcile pass begins: an image pulled in an earlier one is pulled again when a pod needs it. */
    void newPass() {
        pulls.newPass();
    }

    /**
     * @param observed the pod's containers on its host
     * @param mayMove whether the pod is the one of its part that moves off a draining host this pass
     */
    void converge(PodSpec pod, List<ContainerState> observed, boolean mayMove) {
        // Each pod converges in a workflow thread of its own: its log lines name the pod.
        LogContext.pod(pod.name());
        try {
            convergeNamed(pod, observed, mayMove);
        } finally {
            LogContext.pod(null);
        }
    }

    private void convergeNamed(PodSpec pod, List<ContainerState> observed, boolean mayMove) {
        PodRuntime rt = state.runtimes.get(pod.name());
        if (state.desired == DesiredStatus.RUNNING && rt.finishedIn(state.generation)) {
            return;
        }
        // Limits change in place, so they are no part of the container's name.
        String specHash = SpecHash.of(pod);
        rt.lookingAgain();
        try {
            if (state.desired == DesiredStatus.RUNNING) {
                observed = moves.leaveHostNotTakingPods(pod, rt, observed, specHash, mayMove);
                if (observed == null || (rt.host() == null && !placement.place(pod, rt))) {
                    return;
                }
            }
            PodObservation observation = new PodObservation(state.desired, specHash, observed, ContainerLimits.of(pod),
                    rt.appliedLimits());
            PodPlan plan = planner.plan(observation);
            ContainerState serving = planner.servingDuringRollout(pod, plan);
            if (state.desired != DesiredStatus.RUNNING) {
                rt.stopProbe();
                rt.cancelRestart();
            } else if (serving != null) {
                ContainerState current = rollingReplace.replace(pod, rt, specHash, serving, plan.remove());
                if (current != null) {
                    running(pod, rt, current);
                }
                return;
            }
            for (ContainerState old : plan.remove()) {
                if (state.desired != DesiredStatus.RUNNING) {
                    Reason why = state.desired == DesiredStatus.STOPPED ? Reason.DESIRED_STOPPED : Reason.DESIRED_DELETED;
                    transitions.update(pod, PodStatus.STOPPING, why.code(), "removing container " + old.name(), old.id());
                }
                engines.stopAndRemove(rt.host(), old, true);
            }
            if (plan.step() != PodPlan.Step.NONE && plan.step() != PodPlan.Step.UPDATE) {
                state.attempts.merge(pod.name(), 1, Integer::sum);
            }
            switch (plan.step()) {
                case CREATE -> createAndStart(pod, rt, observation, false);
                case START -> {
                    if ("created".equals(plan.current().state())) {
                        start(pod, rt, plan.current(), Reason.NOT_RUNNING.code(), "starting stopped container", observation);
                    } else {
                        exited(pod, rt, plan.current(), observation, false);
                    }
                }
                case UPDATE, REPLACE -> changeLimits(pod, rt, plan.current(), observation, plan.step());
                case NONE -> {
                    if (state.desired == DesiredStatus.RUNNING) {
                        running(pod, rt, plan.current());
                    } else {
                        PodStatus gone = state.desired == DesiredStatus.STOPPED ? PodStatus.STOPPED : PodStatus.REMOVED;
                        transitions.update(pod, gone, Reason.NO_CONTAINER.code(), "no container of the pod exists", null);
                        placement.releaseEverywhere(pod, rt);
                    }
                }
            }
        } catch (ActivityFailure failure) {
            failed(pod, rt, failure);
        }
    }

    /**
     * The pod's current container died, as the engine said: inspected alone, it is restarted, completed or
     * failed as its exit says, with no listing. One that runs again (or is gone) is left to a whole pass.
     */
    void died(PodSpec pod) {
        LogContext.pod(pod.name());
        PodRuntime rt = state.runtimes.get(pod.name());
        try {
            ContainerState container = engines.of(rt).inspectContainer(state.pods.get(pod.name()).containerId());
            if (container == null || container.running()) {
                state.wake = true;
                return;
            }
            exited(pod, rt, container, new PodObservation(state.desired, SpecHash.of(pod), List.of(container),
                    ContainerLimits.of(pod), rt.appliedLimits()), true);
        } catch (ActivityFailure failure) {
            failed(pod, rt, failure);
        } finally {
            LogContext.pod(null);
        }
    }

    /** An engine call for the pod failed: its host did not answer (UNKNOWN), or refused the pod (FAILED). */
    private void failed(PodSpec pod, PodRuntime rt, ActivityFailure failure) {
        if (ActivityFailures.isHostPortTaken(failure)) {
            transitions.hostPortTaken(pod, ActivityFailures.rootMessage(failure));
            return;
        }
        if (!ActivityFailures.isRefusal(failure)) {
            transitions.unknown(pod, ActivityFailures.rootMessage(failure));
            return;
        }
        rt.refusedIn(state.generation);
        transitions.update(pod, PodStatus.FAILED, ActivityFailures.reasonOf(failure), ActivityFailures.rootMessage(failure),
                state.pods.get(pod.name()).containerId());
    }

    /**
     * Creates the pod's container and starts it, in one engine call, its image pulled first or when the
     * engine has not it, as the pod's pull policy says.
     *
     * @param forLimits whether the pod's container was removed for its changed limits
     */
    private void createAndStart(PodSpec pod, PodRuntime rt, PodObservation observation, boolean forLimits) {
        String containerName = ContainerNames.of(state.sessionId, state.name, pod.name(), observation.specHash());
        boolean hadOne = state.pods.get(pod.name()).containerId() != null;
        String why = forLimits ? Reason.LIMITS_REPLACED.code()
                : hadOne ? Reason.CONTAINER_MISSING.code() : Reason.CREATING.code();
        String what = (hadOne && !forLimits ? "the pod's container is gone; " : "") + "creating container "
                + containerName + " on host " + rt.host();
        ContainerState started = pulls.create(pod, rt, rt.host(), null, () -> {
            transitions.update(pod, PodStatus.CREATING, why, what, null);
            return engines.of(rt).ensureStarted(engines.request(pod, observation.specHash(), containerName, rt.host()));
        });
        if (started != null) {
            transitions.update(pod, PodStatus.STARTING, Reason.CONTAINER_CREATED.code(), "started new container",
                    started.id());
            afterStart(pod, rt, started, observation);
        }
    }

    /**
     * Brings the running container to the pod's limits: in place ({@code UPDATE}) where the engine can,
     * else ({@code REPLACE}, or an engine that cannot) by a new container.
     */
    private void changeLimits(PodSpec pod, PodRuntime rt, ContainerState current, PodObservation observation,
            PodPlan.Step step) {
        ContainerLimits inForce = planner.limitsInForce(current, observation);
        if (step == PodPlan.Step.UPDATE && limits.apply(pod, rt, current, inForce)) {
            running(pod, rt, current);
            return;
        }
        if (step == PodPlan.Step.REPLACE) {
            limits.replace(pod, rt, current, inForce, "no engine lifts a limit in place");
        }
        createAndStart(pod, rt, observation.started(), true);
    }

    private void start(PodSpec pod, PodRuntime rt, ContainerState container, String why, String what,
            PodObservation observation) {
        PodView before = state.pods.get(pod.name());
        // Waiting for its host port, a start tried again records nothing until it succeeds.
        if (!(before.status() == PodStatus.PENDING && Reason.UNSCHEDULABLE.is(before.reason())
                && container.id().equals(before.containerId()))) {
            transitions.update(pod, PodStatus.STARTING, why, what, container.id());
        }
        afterStart(pod, rt, engines.of(rt).startContainer(container.id()), observation);
    }

    /** The container was just started: it runs, or has exited already, or its limits are brought in force. */
    private void afterStart(PodSpec pod, PodRuntime rt, ContainerState started, PodObservation observation) {
        rt.started(pod, Workflow.currentTimeMillis());
        PodPlan.Step limitsStep = started.running() ? planner.limitsStep(started, observation.started()) : PodPlan.Step.NONE;
        if (limitsStep != PodPlan.Step.NONE) {
            changeLimits(pod, rt, started, observation.started(), limitsStep);
        } else if (started.running()) {
            running(pod, rt, started);
        } else {
            exited(pod, rt, started, observation, true);
        }
    }

    /** The pod's current container runs: READY unless its readiness check fails or a job's deadline passed. */
    private void running(PodSpec pod, PodRuntime rt, ContainerState container) {
        rt.cancelRestart();
        if (rt.pastDeadline(Workflow.currentTimeMillis())) {
            engines.stopAndRemove(rt.host(), container, false);
            restarts.finish(pod, rt, PodStatus.FAILED, Reason.DEADLINE_EXCEEDED.code(), "the job ran longer than its"
                    + " activeDeadlineSeconds " + pod.activeDeadlineSeconds() + " and was stopped", container.id());
            return;
        }
        ReadinessCheck check = pod.isJob() ? null : pod.readiness();
        if (check == null) {
            transitions.update(pod, PodStatus.READY, Reason.RUNNING.code(), "the container runs", container.id());
            return;
        }
        readiness.probe(pod, rt, container.id(), check);
        if (rt.ready()) {
            transitions.update(pod, PodStatus.READY, Reason.READINESS_PASSED.code(), rt.probeMessage(), container.id());
        } else {
            transitions.update(pod, PodStatus.NOT_READY, Reason.READINESS_FAILING.code(),
                    rt.probeMessage() == null ? "waiting for the first passing readiness check" : rt.probeMessage(),
                    container.id());
        }
    }

    /**
     * The current container has exited: restarted once its backoff elapsed, else decided by {@link PodRestarts}.
     *
     * @param inspected whether {@code container} is what an inspect said, not what a listing did
     */
    private void exited(PodSpec pod, PodRuntime rt, ContainerState container, PodObservation observation,
            boolean inspected) {
        boolean decidedInThisPass = !rt.backingOff();
        if (restarts.afterExit(pod, rt, container, inspected)) {
            if (decidedInThisPass) {
                // An immediate first restart does in one pass what otherwise takes two: both are attempts.
                state.attempts.merge(pod.name(), 1, Integer::sum);
            }
            start(pod, rt, container, Reason.BACK_OFF_ELAPSED.code(), "restart " + rt.restarts() + " of the exited container",
                    observation);
        }
    }
}
