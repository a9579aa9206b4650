package dev.steward.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.contract.ContainerState;
import dev.steward.contract.StewardLabels;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PodSpec;
import dev.steward.model.SessionSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OrphanSweepTest {

    private static final Instant CUTOFF = Instant.parse("2030-01-01T00:00:00Z");
    private static final UUID LIVE = UUID.randomUUID();
    private static final Map<UUID, SessionSpec> SPECS = Map.of(LIVE, new SessionSpec("o", DesiredStatus.RUNNING,
            List.of(new PartSpec("web", List.of(new PodSpec("app", "img", null, null, null)))), null));

    @Test
    void onlyOldContainersNoLiveSessionWantsAreOrphans() {
        ContainerState wanted = container("a", LIVE.toString(), "web", "app", CUTOFF.minusSeconds(60));
        ContainerState deadSession = container("b", UUID.randomUUID().toString(), "web", "app", CUTOFF.minusSeconds(60));
        ContainerState goneFromSpec = container("c", LIVE.toString(), "web", "old", CUTOFF.minusSeconds(60));
        ContainerState tooYoung = container("d", UUID.randomUUID().toString(), "web", "app", CUTOFF.plusSeconds(1));
        ContainerState badLabel = container("e", "not-a-uuid", "web", "app", CUTOFF.minusSeconds(60));

        List<ContainerState> orphans = OrphanSweep.orphans(
                List.of(wanted, deadSession, goneFromSpec, tooYoung, badLabel), SPECS, CUTOFF);

        assertEquals(List.of("b", "c", "e"), orphans.stream().map(ContainerState::id).toList());
    }

    private static ContainerState container(String id, String session, String part, String pod, Instant created) {
        return new ContainerState(id, "n-" + id, Map.of(StewardLabels.MANAGED, "true", StewardLabels.SESSION, session,
                StewardLabels.PART, part, StewardLabels.POD, pod), true, "running", null, false, created);
    }
}
