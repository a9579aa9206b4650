package dev.steward.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.model.HostCapacity;
import dev.steward.model.HostHealthDecision;
import dev.steward.model.HostSpec;
import dev.steward.model.HostStatus;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which operator changes may let a waiting pod fit, and so wake the parts waiting for room. */
class HostRowTest {

    private static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");
    private static final Map<String, String> LABELS = Map.of("tier", "silver");
    private static final HostRow BEFORE = HostRow.registered(
            new HostSpec("h", "unix:///run/h.sock", new HostCapacity(2, 2.0, 1024L), LABELS, null), AT);

    @Test
    void moreOfAnyCapacityOrNoLimitMayFitMorePods() {
        assertTrue(after(true, false, new HostCapacity(3, 2.0, 1024L), LABELS).mayFitMorePodsThan(BEFORE));
        assertTrue(after(true, false, new HostCapacity(2, 2.5, 1024L), LABELS).mayFitMorePodsThan(BEFORE));
        assertTrue(after(true, false, new HostCapacity(2, 2.0, 2048L), LABELS).mayFitMorePodsThan(BEFORE));
        assertTrue(after(true, false, new HostCapacity(null, 2.0, 1024L), LABELS).mayFitMorePodsThan(BEFORE));
    }

    @Test
    void lessOrTheSameCapacityFitsNoMore() {
        assertFalse(after(true, false, BEFORE.capacity(), LABELS).mayFitMorePodsThan(BEFORE));
        assertFalse(after(true, false, new HostCapacity(1, 1.0, 512L), LABELS).mayFitMorePodsThan(BEFORE));
        HostRow unlimited = after(true, false, HostCapacity.UNLIMITED, LABELS);
        assertFalse(after(true, false, new HostCapacity(9, 9.0, 9L), LABELS).mayFitMorePodsThan(unlimited),
                "from no limit to a limit");
    }

    @Test
    void enablingUndrainingOrRelabellingMayFitMorePods() {
        HostRow disabled = after(false, false, BEFORE.capacity(), LABELS);
        HostRow draining = after(true, true, BEFORE.capacity(), LABELS);
        assertTrue(BEFORE.mayFitMorePodsThan(disabled));
        assertTrue(BEFORE.mayFitMorePodsThan(draining));
        assertTrue(after(true, false, BEFORE.capacity(), Map.of("tier", "gold")).mayFitMorePodsThan(BEFORE));
        assertFalse(disabled.mayFitMorePodsThan(BEFORE));
        assertFalse(draining.mayFitMorePodsThan(BEFORE));
    }

    private static HostRow after(boolean enabled, boolean draining, HostCapacity capacity, Map<String, String> labels) {
        return BEFORE.withOperatorChange(enabled, draining, capacity, labels,
                new HostHealthDecision(HostStatus.UNKNOWN, 0, "Registered", "changed", false), AT);
    }
}
