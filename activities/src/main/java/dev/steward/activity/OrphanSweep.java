package dev.steward.activity;

import dev.steward.contract.ContainerState;
import dev.steward.contract.StewardLabels;
import dev.steward.model.PartSpec;
import dev.steward.model.PodSpec;
import dev.steward.model.SessionSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Which labelled containers no live session wants. Pure. */
public final class OrphanSweep {

    private OrphanSweep() {}

    /**
     * @param containers Steward containers of one deployment on one host
     * @param live the specs of every live session, by id
     * @param createdBefore only containers created before this count: a sweep never removes what a
     *     newer cycle just created
     */
    public static List<ContainerState> orphans(List<ContainerState> containers, Map<UUID, SessionSpec> live,
            Instant createdBefore) {
        return containers.stream()
                .filter(c -> c.createdAt() != null && c.createdAt().isBefore(createdBefore))
                .filter(c -> !wanted(c, live))
                .toList();
    }

    private static boolean wanted(ContainerState container, Map<UUID, SessionSpec> live) {
        SessionSpec spec;
        try {
            spec = live.get(UUID.fromString(String.valueOf(container.label(StewardLabels.SESSION))));
        } catch (IllegalArgumentException notAnId) {
            return false;
        }
        if (spec == null) {
            return false;
        }
        String part = container.label(StewardLabels.PART);
        String pod = container.label(StewardLabels.POD);
        return spec.parts().stream()
                .filter(p -> p.name().equals(part))
                .map(PartSpec::instances)
                .flatMap(List::stream)
                .map(PodSpec::name)
                .anyMatch(name -> name.equals(pod));
    }
}
