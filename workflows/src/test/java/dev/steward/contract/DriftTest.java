package dev.steward.contract;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DriftTest {

    private static final String DESIRED_HASH = "a".repeat(64);
    private static final String OLD_HASH = "b".repeat(64);
    private static final UUID SESSION = UUID.fromString("00000000-0000-0000-0000-000000000001");

    private static ContainerState container(String id, String specHash, boolean running) {
        return new ContainerState(id, "steward_" + id, StewardLabels.forPod(SESSION, "web", "app", 1, specHash, "steward", null),
                running, running ? "running" : "exited", running ? null : 0, false, Instant.EPOCH);
    }

    @Test
    void aResyncThatSeesWhatThePartBelievesIsNoDrift() {
        List<PodView> pods = List.of(new PodView("app", PodStatus.READY, "Running", null, "c1", "local"));
        assertFalse(Drift.between(pods, List.of(container("c1", DESIRED_HASH, true))));
    }

    @Test
    void aMissingStoppedOrUnknownContainerIsDrift() {
        List<PodView> pods = List.of(new PodView("app", PodStatus.READY, "Running", null, "c1", "local"));
        assertTrue(Drift.between(pods, List.of()), "gone");
        assertTrue(Drift.between(pods, List.of(container("c1", DESIRED_HASH, false))), "stopped");
        assertTrue(Drift.between(pods, List.of(container("c1", DESIRED_HASH, true),
                container("c2", OLD_HASH, true))), "a stray");
        List<PodView> backingOff = List.of(new PodView("app", PodStatus.BACKING_OFF, "BackOff", null, "c1", "local"));
        assertFalse(Drift.between(backingOff, List.of(container("c1", DESIRED_HASH, false))),
                "an exited container of a pod that backs off is expected");
    }
}
