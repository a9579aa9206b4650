package dev.steward.contract;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import java.util.List;
import org.junit.jupiter.api.Test;

class DriftTest {

    private static final String DESIRED_HASH = "a".repeat(64);
    private static final String OLD_HASH = "b".repeat(64);

    @Test
    void aResyncThatSeesWhatThePartBelievesIsNoDrift() {
        List<PodView> pods = List.of(new PodView("app", PodStatus.READY, "Running", null, "c1", "local"));
        assertFalse(Drift.between(pods, List.of(TestContainers.ofApp("c1", DESIRED_HASH, true))));
    }

    @Test
    void aMissingStoppedOrUnknownContainerIsDrift() {
        List<PodView> pods = List.of(new PodView("app", PodStatus.READY, "Running", null, "c1", "local"));
        assertTrue(Drift.between(pods, List.of()), "gone");
        assertTrue(Drift.between(pods, List.of(TestContainers.ofApp("c1", DESIRED_HASH, false))), "stopped");
        assertTrue(Drift.between(pods, List.of(TestContainers.ofApp("c1", DESIRED_HASH, true),
                TestContainers.ofApp("c2", OLD_HASH, true))), "a stray");
        List<PodView> backingOff = List.of(new PodView("app", PodStatus.BACKING_OFF, "BackOff", null, "c1", "local"));
        assertFalse(Drift.between(backingOff, List.of(TestContainers.ofApp("c1", DESIRED_HASH, false))),
                "an exited container of a pod that backs off is expected");
    }
}
