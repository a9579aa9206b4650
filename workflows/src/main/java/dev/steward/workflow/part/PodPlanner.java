package dev.steward.workflow.part;

import dev.steward.contract.ContainerLimits;
import dev.steward.contract.ContainerState;
import dev.steward.contract.StewardLabels;
import dev.steward.model.PodSpec;
import dev.steward.model.ReconcileSettings;
import dev.steward.workflow.ResourcePlanner;

/**
 * What converges one pod: the step for its containers ({@link PodReconciler}), whether a changed
 * spec rolls out beside the container that serves, and what follows an exit ({@link RestartDecision}).
 * Pure: the part workflow acts on what it decides.
 */
final class PodPlanner implements ResourcePlanner<PodObservation, PodPlan> {

    private final ReconcileSettings settings;

    /** @param settings backoff base, cap, stable window and crash-loop cap of the part's pods */
    PodPlanner(ReconcileSettings settings) {
        this.settings = settings;
    }

    @Override
    public PodPlan plan(PodObservation observed) {
        PodPlan plan = PodReconciler.plan(observed.desired(), observed.specHash(), observed.containers());
        if (plan.step() != PodPlan.Step.NONE || plan.current() == null) {
            return plan;
        }
        return new PodPlan(limitsStep(plan.current(), observed), plan.current(), plan.remove());
    }

    /**
     * What the pod's running current container needs for the desired limits: nothing when they are in
     * force, else UPDATE in place, or REPLACE when a limit is lifted.
     */
    PodPlan.Step limitsStep(ContainerState current, PodObservation observed) {
        if (observed.limits() == null) {
            return PodPlan.Step.NONE;
        }
        ContainerLimits inForce = limitsInForce(current, observed);
        if (inForce.equals(observed.limits())) {
            return PodPlan.Step.NONE;
        }
        return inForce.liftedBy(observed.limits()) ? PodPlan.Step.REPLACE : PodPlan.Step.UPDATE;
    }

    /**
     * The limits the container runs with: those applied in place since its last start, else those it was
     * created with. A container named by the hash that holds the limits has the desired ones.
     */
    ContainerLimits limitsInForce(ContainerState current, PodObservation observed) {
        if (!observed.specHash().equals(current.label(StewardLabels.SPEC_HASH))) {
            return observed.limits();
        }
        AppliedLimits applied = observed.applied();
        return applied != null && applied.containerId().equals(current.id())
                ? applied.limits() : ContainerLimits.createdWith(current);
    }

    /**
     * The container that keeps serving while the pod's changed spec rolls out beside it: a worker
     * with a readiness check whose new container is to be created while an old one runs.
     *
     * @return that container, or {@code null} when the pod is replaced in place
     */
    ContainerState servingDuringRollout(PodSpec pod, PodPlan plan) {
        if (pod.isJob() || pod.readiness() == null || plan.step() != PodPlan.Step.CREATE) {
            return null;
        }
        return plan.remove().stream().filter(ContainerState::running).findFirst().orElse(null);
    }

    /** Restart, completion or failure of a container that exited: layers 2 and 3 of the retry table. */
    RestartDecision afterExit(PodExit exited) {
        return RestartDecision.after(exited.pod(), settings, exited.exit(), exited.restarts(), exited.exponent(),
                exited.ranMillis(), exited.now());
    }

}
