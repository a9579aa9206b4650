package dev.steward.contract;

import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/** Compares what a listing of the engine saw with the pods a part believes it has; used on both sides of a resync. */
public final class Drift {

    /** Statuses in which the pod's recorded container must be running. */
    private static final Set<PodStatus> RUNNING = EnumSet.of(PodStatus.READY, PodStatus.NOT_READY, PodStatus.STARTING);

    /**
     * Whether what a host resync saw differs from what the part believes: a container it counts on
     * is gone or stopped, or a container it does not know carries its labels. Only then does the
     * part list its containers itself.
     */
    public static boolean between(Collection<PodView> pods, List<ContainerState> observed) {
        Set<String> running = observed.stream().filter(ContainerState::running).map(ContainerState::id)
                .collect(Collectors.toSet());
        Set<String> known = pods.stream().map(PodView::containerId).filter(Objects::nonNull).collect(Collectors.toSet());
        // A pod UNKNOWN while its engine did not answer is looked at as soon as the engine answers.
        boolean lost = pods.stream().anyMatch(p -> p.status() == PodStatus.PENDING || p.status() == PodStatus.UNKNOWN
                || (RUNNING.contains(p.status()) && !running.contains(p.containerId())));
        boolean stray = observed.stream().anyMatch(c -> !known.contains(c.id()));
        return lost || stray;
    }

    private Drift() {}
}
