package dev.steward.workflow.part;

import dev.steward.contract.ContainerState;
import dev.steward.contract.StewardLabels;
import dev.steward.model.DesiredStatus;
import java.util.ArrayList;
import java.util.List;

/** The decision of a pod's reconcile pass, from desired and observed state alone. Pure. */
public final class PodReconciler {

    private PodReconciler() {}

    /**
     * @param desired the pod's desired status
     * @param specHash the hash of the pod's desired spec
     * @param observed every container that carries the pod's labels
     */
    public static PodPlan plan(DesiredStatus desired, String specHash, List<ContainerState> observed) {
        if (desired != DesiredStatus.RUNNING) {
            return new PodPlan(PodPlan.Step.NONE, null, List.copyOf(observed));
        }
        ContainerState current = null;
        List<ContainerState> outdated = new ArrayList<>();
        for (ContainerState container : observed) {
            String hash = container.label(StewardLabels.SPEC_HASH);
            if (current == null && specHash.equals(hash)) {
                current = container;
            } else {
                outdated.add(container);
            }
        }
        if (current == null) {
            return new PodPlan(PodPlan.Step.CREATE, null, outdated);
        }
        return new PodPlan(current.running() ? PodPlan.Step.NONE : PodPlan.Step.START, current, outdated);
    }
}
