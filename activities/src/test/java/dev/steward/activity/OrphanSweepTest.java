package dev.steward.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.contract.ContainerState;
import dev.steward.contract.StewardLabels;
import dev.steward.store.LivePodRow;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OrphanSweepTest {

    private static final Instant CUTOFF = Instant.parse("2030-01-01T00:00:00Z");
    private static final UUID LIVE = UUID.randomUUID();
    private static final LivePods PODS = LivePods.of(List.of(
            new LivePodRow(LIVE, "web", "app", null),
            new LivePodRow(LIVE, "db", "replica", 2)));

    @Test
    void onlyOldContainersNoLiveSessionWantsAreOrphans() {
        ContainerState wanted = container("a", LIVE.toString(), "web", "app", CUTOFF.minusSeconds(60));
        ContainerState deadSession = container("b", UUID.randomUUID().toString(), "web", "app", CUTOFF.minusSeconds(60));
        ContainerState goneFromSpec = container("c", LIVE.toString(), "web", "old", CUTOFF.minusSeconds(60));
        ContainerState tooYoung = container("d", UUID.randomUUID().toString(), "web", "app", CUTOFF.plusSeconds(1));
        ContainerState badLabel = container("e", "not-a-uuid", "web", "app", CUTOFF.minusSeconds(60));
        ContainerState wantedReplica = container("f", LIVE.toString(), "db", "replica-1", CUTOFF.minusSeconds(60));
        ContainerState pastTheReplicas = container("g", LIVE.toString(), "db", "replica-2", CUTOFF.minusSeconds(60));
        ContainerState replicatedByBareName = container("h", LIVE.toString(), "db", "replica", CUTOFF.minusSeconds(60));
        ContainerState otherPart = container("i", LIVE.toString(), "db", "app", CUTOFF.minusSeconds(60));

        List<ContainerState> orphans = OrphanSweep.orphans(List.of(wanted, deadSession, goneFromSpec, tooYoung, badLabel,
                wantedReplica, pastTheReplicas, replicatedByBareName, otherPart), PODS, CUTOFF);

        assertEquals(List.of("b", "c", "e", "g", "h", "i"), orphans.stream().map(ContainerState::id).toList());
    }

    @Test
    void theLivePartsAreEachSessionsParts() {
        assertEquals(Map.of(LIVE, Set.of("web", "db")), PODS.partsBySession());
        assertEquals(Set.of(LIVE.toString()), PODS.sessionIds());
    }

    private static ContainerState container(String id, String session, String part, String pod, Instant created) {
        return new ContainerState(id, "n-" + id, Map.of(StewardLabels.MANAGED, "true", StewardLabels.SESSION, session,
                StewardLabels.PART, part, StewardLabels.POD, pod), true, "running", null, false, created);
    }
}
