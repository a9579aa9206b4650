package dev.steward.model;

import java.util.List;
import java.util.Map;

/** Whether a part may start, from the statuses of the parts it names in {@code after}. Pure. */
public final class PartGates {

    private PartGates() {}

    /** The parts still holding {@code part} back, each with its status; empty when it may start. */
    public static List<String> blockers(PartSpec part, Map<String, PartStatus> statuses) {
        return part.after().stream()
                .filter(name -> !passes(part.when(), statuses.get(name)))
                .map(name -> name + " (" + statuses.get(name) + ")")
                .toList();
    }

    private static boolean passes(PartGate gate, PartStatus status) {
        return switch (gate) {
            case READY -> status == PartStatus.READY || status == PartStatus.COMPLETED;
            case COMPLETED -> status == PartStatus.COMPLETED;
        };
    }
}
