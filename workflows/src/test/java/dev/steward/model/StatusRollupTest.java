package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusRollupTest {

    private static Map<String, PodStatus> pods(Object... namesAndStatuses) {
        Map<String, PodStatus> pods = new LinkedHashMap<>();
        for (int i = 0; i < namesAndStatuses.length; i += 2) {
            pods.put((String) namesAndStatuses[i], (PodStatus) namesAndStatuses[i + 1]);
        }
        return pods;
    }

    private static Map<String, PartStatus> parts(Object... namesAndStatuses) {
        Map<String, PartStatus> parts = new LinkedHashMap<>();
        for (int i = 0; i < namesAndStatuses.length; i += 2) {
            parts.put((String) namesAndStatuses[i], (PartStatus) namesAndStatuses[i + 1]);
        }
        return parts;
    }

    // ---- parts, desired RUNNING

    @Test
    void partIsReadyWhenEveryPodIsReady() {
        Rollup<PartStatus> rollup =
                StatusRollup.part(DesiredStatus.RUNNING, pods("app", PodStatus.READY, "cache", PodStatus.READY), "0");
        assertEquals(PartStatus.READY, rollup.status());
        assertEquals("AllPodsReady", rollup.reason());
        assertTrue(rollup.converged());
    }

    @Test
    void partIsProvisioningWhileAPodIsNotReadyAndNamesIt() {
        Rollup<PartStatus> rollup =
                StatusRollup.part(DesiredStatus.RUNNING, pods("app", PodStatus.READY, "cache", PodStatus.CREATING), "0");
        assertEquals(PartStatus.PROVISIONING, rollup.status());
        assertFalse(rollup.converged());
        assertTrue(rollup.message().contains("cache (CREATING)"), rollup.message());
        assertFalse(rollup.message().contains("app"), rollup.message());
    }

    @Test
    void aFailedPodFailsThePartEvenWhileOthersAreStillProvisioning() {
        Rollup<PartStatus> rollup = StatusRollup.part(DesiredStatus.RUNNING, pods("app", PodStatus.PENDING, "cache", PodStatus.FAILED, "db", PodStatus.READY), "0");
        assertEquals(PartStatus.FAILED, rollup.status());
        assertEquals("PodFailed", rollup.reason());
        assertTrue(rollup.message().contains("cache"), rollup.message());
        assertTrue(rollup.converged(), "a failed part has settled: nothing more happens in this generation");
    }

    // ---- parts, desired STOPPED

    @Test
    void partIsStoppedWhenEveryPodIsStopped() {
        Rollup<PartStatus> rollup =
                StatusRollup.part(DesiredStatus.STOPPED, pods("app", PodStatus.STOPPED, "cache", PodStatus.STOPPED), "0");
        assertEquals(PartStatus.STOPPED, rollup.status());
        assertTrue(rollup.converged());
    }

    @Test
    void partIsStoppingWhileAPodStillHasAContainer() {
        Rollup<PartStatus> rollup =
                StatusRollup.part(DesiredStatus.STOPPED, pods("app", PodStatus.STOPPED, "cache", PodStatus.READY), "0");
        assertEquals(PartStatus.STOPPING, rollup.status());
        assertEquals("DesiredStopped", rollup.reason());
        assertFalse(rollup.converged());
        assertTrue(rollup.message().contains("cache (READY)"), rollup.message());
    }

    // ---- parts, desired DELETED

    @Test
    void partIsDeletedWhenEveryPodIsRemoved() {
        Rollup<PartStatus> rollup =
                StatusRollup.part(DesiredStatus.DELETED, pods("app", PodStatus.REMOVED, "cache", PodStatus.REMOVED), "0");
        assertEquals(PartStatus.DELETED, rollup.status());
        assertTrue(rollup.converged());
    }

    @Test
    void stoppedPodsDoNotMakeADeletedPart() {
        Rollup<PartStatus> rollup =
                StatusRollup.part(DesiredStatus.DELETED, pods("app", PodStatus.REMOVED, "cache", PodStatus.STOPPED), "0");
        assertEquals(PartStatus.STOPPING, rollup.status());
        assertEquals("DesiredDeleted", rollup.reason());
        assertFalse(rollup.converged());
    }

    // ---- sessions, desired RUNNING

    @Test
    void sessionRunsWhenEveryPartIsReady() {
        Rollup<SessionStatus> rollup =
                StatusRollup.session(DesiredStatus.RUNNING, parts("web", PartStatus.READY, "db", PartStatus.READY));
        assertEquals(SessionStatus.RUNNING, rollup.status());
        assertTrue(rollup.converged());
    }

    @Test
    void sessionIsProvisioningWhileAPartIsNotReady() {
        Rollup<SessionStatus> rollup =
                StatusRollup.session(DesiredStatus.RUNNING, parts("web", PartStatus.READY, "db", PartStatus.PENDING));
        assertEquals(SessionStatus.PROVISIONING, rollup.status());
        assertFalse(rollup.converged());
        assertTrue(rollup.message().contains("db (PENDING)"), rollup.message());
    }

    @Test
    void aFailedPartDegradesTheSessionAndItConvergesOnlyOnceTheOthersAreUp() {
        Rollup<SessionStatus> rollup = StatusRollup.session(DesiredStatus.RUNNING,
                parts("web", PartStatus.PROVISIONING, "db", PartStatus.FAILED));
        assertEquals(SessionStatus.DEGRADED, rollup.status());
        assertEquals("PartFailed", rollup.reason());
        assertTrue(rollup.message().contains("db"), rollup.message());
        assertFalse(rollup.converged());

        Rollup<SessionStatus> othersUp = StatusRollup.session(DesiredStatus.RUNNING,
                parts("web", PartStatus.READY, "db", PartStatus.FAILED));
        assertEquals(SessionStatus.DEGRADED, othersUp.status());
        assertTrue(othersUp.converged());
    }

    @Test
    void aPartFailsOnlyWhenMorePodsFailedThanMaxUnhealthyAllows() {
        Map<String, PodStatus> oneOfFourFailed = new LinkedHashMap<>();
        oneOfFourFailed.put("a", PodStatus.READY);
        oneOfFourFailed.put("b", PodStatus.FAILED);
        oneOfFourFailed.put("c", PodStatus.READY);
        oneOfFourFailed.put("d", PodStatus.READY);

        assertEquals(PartStatus.FAILED, StatusRollup.part(DesiredStatus.RUNNING, oneOfFourFailed, "0").status());
        Rollup<PartStatus> byCount = StatusRollup.part(DesiredStatus.RUNNING, oneOfFourFailed, "1");
        assertEquals(PartStatus.READY, byCount.status());
        assertEquals("WithinMaxUnhealthy", byCount.reason());
        assertEquals(PartStatus.READY, StatusRollup.part(DesiredStatus.RUNNING, oneOfFourFailed, "25%").status());
        assertEquals(PartStatus.FAILED, StatusRollup.part(DesiredStatus.RUNNING, oneOfFourFailed, "24%").status());
        oneOfFourFailed.put("c", PodStatus.FAILED);
        Rollup<PartStatus> twoFailed = StatusRollup.part(DesiredStatus.RUNNING, oneOfFourFailed, "50%");
        assertEquals(PartStatus.READY, twoFailed.status());
        oneOfFourFailed.put("d", PodStatus.FAILED);
        Rollup<PartStatus> threeFailed = StatusRollup.part(DesiredStatus.RUNNING, oneOfFourFailed, "50%");
        assertEquals(PartStatus.FAILED, threeFailed.status());
        assertTrue(threeFailed.message().contains("3 of 4, maxUnhealthy 50%"), threeFailed.message());
    }

    // ---- sessions, desired STOPPED and DELETED

    @Test
    void sessionIsStoppedWhenEveryPartIsStopped() {
        Rollup<SessionStatus> rollup =
                StatusRollup.session(DesiredStatus.STOPPED, parts("web", PartStatus.STOPPED, "db", PartStatus.STOPPED));
        assertEquals(SessionStatus.STOPPED, rollup.status());
        assertTrue(rollup.converged());
    }

    @Test
    void sessionIsStoppingWhileAPartIsNotStopped() {
        Rollup<SessionStatus> rollup =
                StatusRollup.session(DesiredStatus.STOPPED, parts("web", PartStatus.STOPPED, "db", PartStatus.READY));
        assertEquals(SessionStatus.STOPPING, rollup.status());
        assertFalse(rollup.converged());
    }

    @Test
    void sessionIsDeletedWhenEveryPartIsDeleted() {
        Rollup<SessionStatus> rollup =
                StatusRollup.session(DesiredStatus.DELETED, parts("web", PartStatus.DELETED, "db", PartStatus.DELETED));
        assertEquals(SessionStatus.DELETED, rollup.status());
        assertTrue(rollup.converged());
    }

    @Test
    void stoppedPartsDoNotMakeADeletedSession() {
        Rollup<SessionStatus> rollup =
                StatusRollup.session(DesiredStatus.DELETED, parts("web", PartStatus.DELETED, "db", PartStatus.STOPPED));
        assertEquals(SessionStatus.STOPPING, rollup.status());
        assertEquals("DesiredDeleted", rollup.reason());
        assertFalse(rollup.converged());
    }
}
