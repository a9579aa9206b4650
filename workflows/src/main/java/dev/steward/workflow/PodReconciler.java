package dev.steward.workflow;

import dev.steward.activity.ContainerState;
import dev.steward.activity.StewardLabels;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

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
            if (current == null && specHash.equals(container.label(StewardLabels.SPEC_HASH))) {
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

    /** Statuses in which the pod's recorded container must be running. */
    private static final Set<PodStatus> RUNNING = EnumSet.of(PodStatus.READY, PodStatus.NOT_READY, PodStatus.STARTING);

    /**
     * Whether what a host resync saw differs from what the part believes: a container it counts on
     * is gone or stopped, or a container it does not know carries its labels. Only then does the
     * part list its containers itself.
     */
    public static boolean drifted(Collection<PodView> pods, List<ContainerState> observed) {
        Set<String> running = observed.stream().filter(ContainerState::running).map(ContainerState::id)
                .collect(Collectors.toSet());
        Set<String> known = pods.stream().map(PodView::containerId).filter(Objects::nonNull).collect(Collectors.toSet());
        boolean lost = pods.stream().anyMatch(p -> p.status() == PodStatus.PENDING
                || (RUNNING.contains(p.status()) && !running.contains(p.containerId())));
        boolean stray = observed.stream().anyMatch(c -> !known.contains(c.id()));
        return lost || stray;
    }
}
