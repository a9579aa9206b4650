package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Placement's pure decision: spread picks the least loaded host, binpack the most loaded that still fits, equal
 * load goes to more room and then by name; only ready, enabled, undrained hosts whose labels match the selector
 * and that have room for the pod slot, CPUs and memory take a pod; a pod whose volume is on a host goes there or
 * says why it cannot (that host full or gone); and every refusal and placement is said in words.
 */
class HostPlacementTest {

    private static final PodResources NOTHING = PodResources.NONE;

    private static HostCandidate host(String name, HostCapacity capacity, int usedPods, double usedCpus, long usedMemory) {
        return new HostCandidate(name, HostStatus.READY, true, false, Map.of("zone", "a"), capacity,
                new HostCapacity(usedPods, usedCpus, usedMemory));
    }

    private static HostCandidate host(String name, int podSlots, int usedPods) {
        return host(name, new HostCapacity(podSlots, null, null), usedPods, 0, 0);
    }

    private static String choose(List<HostCandidate> hosts, PlacementStrategy strategy) {
        return HostPlacement.choose(hosts, NOTHING, Map.of(), strategy).host();
    }

    @Test
    void aPodWhoseVolumeIsOnAHostGoesThereOrSaysWhyItCannot() {
        VolumeAffinity data = new VolumeAffinity("data", "a", "db/primary");
        List<HostCandidate> hosts = List.of(host("a", 10, 3), host("b", 10, 1));
        PlacementDecision pinned = HostPlacement.choose(hosts, NOTHING, Map.of(), PlacementStrategy.SPREAD, data);
        assertEquals("a", pinned.host(), "spread alone would pick b");
        assertTrue(pinned.message().endsWith("volume data is on host a (pod db/primary mounts it there)"),
                pinned.message());

        PlacementDecision full = HostPlacement.choose(List.of(host("a", 3, 3), host("b", 10, 1)), NOTHING, Map.of(),
                PlacementStrategy.SPREAD, data);
        assertFalse(full.placed(), "b has room, but not the volume");
        assertEquals(Reason.UNSCHEDULABLE.code(), full.reason());
        assertEquals("no host fits a pod needing 1 pod slot: a: no free pod slot (3/3); "
                + "volume data is on host a (pod db/primary mounts it there)", full.message());

        PlacementDecision gone = HostPlacement.choose(List.of(host("b", 10, 1)), NOTHING, Map.of(),
                PlacementStrategy.SPREAD, data);
        assertFalse(gone.placed());
        assertTrue(gone.message().startsWith("volume data is on host a"), gone.message());
        assertEquals("b", HostPlacement.choose(hosts, NOTHING, Map.of(), PlacementStrategy.SPREAD, null).host());
    }

    @Test
    void spreadPicksTheLeastLoadedHost() {
        assertEquals("b", choose(List.of(host("a", 10, 3), host("b", 10, 1), host("c", 10, 2)), PlacementStrategy.SPREAD));
    }

    @Test
    void binpackPicksTheMostLoadedHostThatStillFits() {
        assertEquals("c", choose(List.of(host("a", 10, 3), host("b", 10, 1), host("c", 5, 4), host("d", 5, 5)),
                PlacementStrategy.BINPACK));
    }

    @Test
    void equalLoadSpreadsToTheHostWithMoreRoomThenByName() {
        assertEquals("b", choose(List.of(host("a", 4, 2), host("b", 9, 2)), PlacementStrategy.SPREAD));
        assertEquals("a", choose(List.of(host("b", 4, 2), host("a", 4, 2)), PlacementStrategy.SPREAD));
        HostCandidate unlimited = host("u", HostCapacity.UNLIMITED, 2, 0, 0);
        assertEquals("u", choose(List.of(host("a", 100, 2), unlimited), PlacementStrategy.SPREAD));
    }

    @Test
    void onlyReadyEnabledUndrainedHostsTakePods() {
        HostCapacity any = HostCapacity.UNLIMITED;
        HostCapacity none = new HostCapacity(0, 0.0, 0L);
        List<HostCandidate> hosts = List.of(
                new HostCandidate("unknown", HostStatus.UNKNOWN, true, false, Map.of(), any, none),
                new HostCandidate("lost", HostStatus.UNREACHABLE, true, false, Map.of(), any, none),
                new HostCandidate("off", HostStatus.READY, false, false, Map.of(), any, none),
                new HostCandidate("drain", HostStatus.READY, true, true, Map.of(), any, none));
        PlacementDecision decision = HostPlacement.choose(hosts, NOTHING, Map.of(), PlacementStrategy.SPREAD);
        assertFalse(decision.placed());
        assertEquals(Reason.UNSCHEDULABLE.code(), decision.reason());
        assertEquals("no host fits a pod needing 1 pod slot: unknown: status UNKNOWN; lost: status UNREACHABLE; "
                + "off: disabled; drain: draining", decision.message());
    }

    @Test
    void theSelectorMustMatchEveryLabel() {
        HostCandidate a = new HostCandidate("a", HostStatus.READY, true, false, Map.of("zone", "a", "disk", "ssd"),
                HostCapacity.UNLIMITED, new HostCapacity(0, 0.0, 0L));
        HostCandidate b = new HostCandidate("b", HostStatus.READY, true, false, Map.of("zone", "b"),
                HostCapacity.UNLIMITED, new HostCapacity(0, 0.0, 0L));
        assertEquals("a", HostPlacement.choose(List.of(a, b), NOTHING, Map.of("zone", "a", "disk", "ssd"),
                PlacementStrategy.SPREAD).host());
        PlacementDecision none = HostPlacement.choose(List.of(a, b), NOTHING, Map.of("disk", "hdd"),
                PlacementStrategy.SPREAD);
        assertNull(none.host());
        assertTrue(none.message().contains("a: label disk=hdd does not match"), none.message());
    }

    @Test
    void cpusAndMemoryMustFitAsWellAsThePodSlot() {
        HostCandidate a = host("a", new HostCapacity(10, 2.0, 1024L), 3, 1.5, 512);
        assertEquals("a", HostPlacement.choose(List.of(a), new PodResources(0.5, 512L), Map.of(),
                PlacementStrategy.SPREAD).host());
        PlacementDecision cpus = HostPlacement.choose(List.of(a), new PodResources(0.6, null), Map.of(),
                PlacementStrategy.SPREAD);
        assertEquals("no host fits a pod needing 1 pod slot, 0.6 cpus: a: not enough cpus (1.5 of 2.0 used)",
                cpus.message());
        PlacementDecision memory = HostPlacement.choose(List.of(a), new PodResources(null, 513L), Map.of(),
                PlacementStrategy.SPREAD);
        assertTrue(memory.message().endsWith("a: not enough memory (512 of 1024 MiB used)"), memory.message());
        PlacementDecision slots = HostPlacement.choose(List.of(host("full", 3, 3)), NOTHING, Map.of(),
                PlacementStrategy.SPREAD);
        assertTrue(slots.message().endsWith("full: no free pod slot (3/3)"), slots.message());
    }

    @Test
    void tenthsOfACpuAddUpToAWholeCpu() {
        // 0.1 added ten times is 0.9999999999999999 in doubles: the tenth pod must still fit a 1-cpu host.
        double used = 0;
        for (int i = 0; i < 9; i++) {
            used += 0.1;
        }
        HostCandidate a = host("a", new HostCapacity(null, 1.0, null), 9, used, 0);
        assertEquals("a", HostPlacement.choose(List.of(a), new PodResources(0.1, null), Map.of(),
                PlacementStrategy.SPREAD).host());
    }

    @Test
    void noHostAtAllIsSaid() {
        PlacementDecision decision = HostPlacement.choose(List.of(), NOTHING, Map.of(), PlacementStrategy.SPREAD);
        assertEquals("no host fits a pod needing 1 pod slot: no host is registered", decision.message());
    }

    @Test
    void thePlacedMessageNamesTheStrategyAndItsSetting() {
        PlacementDecision decision = HostPlacement.choose(List.of(host("a", 10, 3), host("b", 3, 3)), NOTHING,
                Map.of(), PlacementStrategy.BINPACK);
        assertEquals(Reason.PLACED.code(), decision.reason());
        assertEquals("placed on a (3 pods there before) by strategy binpack (steward.placement.strategy), "
                + "1 of 2 hosts fit", decision.message());
    }
}
