package dev.steward.activity;

import dev.steward.contract.ContainerState;
import dev.steward.contract.StewardLabels;
import java.time.Instant;
import java.util.List;

/** Which labelled containers no live session wants. Pure. */
public final class OrphanSweep {

    private OrphanSweep() {}

    /**
     * @param containers Steward containers of one deployment on one host
     * @param live the pods of every live session
     * @param createdBefore only containers created before this count: a sweep never removes what a
     *     newer cycle just created
     */
    static List<ContainerState> orphans(List<ContainerState> containers, LivePods live, Instant createdBefore) {
        return containers.stream()
                .filter(c -> c.createdAt() != null && c.createdAt().isBefore(createdBefore))
                .filter(c -> !live.wants(c.label(StewardLabels.SESSION), c.label(StewardLabels.PART),
                        c.label(StewardLabels.POD)))
                .toList();
    }
}
