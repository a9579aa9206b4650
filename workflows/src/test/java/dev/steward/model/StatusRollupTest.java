package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    // ---- parts

    /** Every pod where the desired status asks: the part has converged there. */
    @ParameterizedTest
    @CsvSource({
            "RUNNING, READY,   READY,   ALL_PODS_READY",
            "STOPPED, STOPPED, STOPPED, ALL_PODS_STOPPED",
            "DELETED, REMOVED, DELETED, ALL_PODS_REMOVED"})
    void aPartConvergesOnceEveryPodIsWhereItsDesiredStatusAsks(DesiredStatus desired, PodStatus pods, PartStatus part,
            Reason reason) {
        Rollup<PartStatus> rollup = StatusRollup.part(desired, pods("app", pods, "cache", pods), "0");
        assertEquals(part, rollup.status());
        assertEquals(reason.code(), rollup.reason());
        assertTrue(rollup.converged());
    }

    /** One pod not there yet (a stopped one is not removed): the part is on its way, and names that pod alone. */
    @ParameterizedTest
    @CsvSource({
            "RUNNING, READY,   CREATING, PROVISIONING, PODS_NOT_READY",
            "STOPPED, STOPPED, READY,    STOPPING,     DESIRED_STOPPED",
            "DELETED, REMOVED, STOPPED,  STOPPING,     DESIRED_DELETED"})
    void aPartWithAPodNotThereYetHasNotConvergedAndNamesIt(DesiredStatus desired, PodStatus there, PodStatus notYet,
            PartStatus part, Reason reason) {
        Rollup<PartStatus> rollup = StatusRollup.part(desired, pods("app", there, "cache", notYet), "0");
        assertEquals(part, rollup.status());
        assertEquals(reason.code(), rollup.reason());
        assertFalse(rollup.converged());
        assertTrue(rollup.message().contains("cache (" + notYet + ")"), rollup.message());
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

    // ---- sessions

    /** Every part where the desired status asks: the session has converged there. */
    @ParameterizedTest
    @CsvSource({
            "RUNNING, READY,   RUNNING, ALL_PARTS_READY",
            "STOPPED, STOPPED, STOPPED, ALL_PARTS_STOPPED",
            "DELETED, DELETED, DELETED, ALL_PARTS_DELETED"})
    void aSessionConvergesOnceEveryPartIsWhereItsDesiredStatusAsks(DesiredStatus desired, PartStatus parts,
            SessionStatus session, Reason reason) {
        Rollup<SessionStatus> rollup = StatusRollup.session(desired, parts("web", parts, "db", parts));
        assertEquals(session, rollup.status());
        assertEquals(reason.code(), rollup.reason());
        assertTrue(rollup.converged());
    }

    /** One part not there yet (a stopped one is not deleted): the session is on its way, and names that part alone. */
    @ParameterizedTest
    @CsvSource({
            "RUNNING, READY,   PENDING, PROVISIONING, PARTS_NOT_READY",
            "STOPPED, STOPPED, READY,   STOPPING,     DESIRED_STOPPED",
            "DELETED, DELETED, STOPPED, STOPPING,     DESIRED_DELETED"})
    void aSessionWithAPartNotThereYetHasNotConvergedAndNamesIt(DesiredStatus desired, PartStatus there,
            PartStatus notYet, SessionStatus session, Reason reason) {
        Rollup<SessionStatus> rollup = StatusRollup.session(desired, parts("web", there, "db", notYet));
        assertEquals(session, rollup.status());
        assertEquals(reason.code(), rollup.reason());
        assertFalse(rollup.converged());
        assertTrue(rollup.message().contains("db (" + notYet + ")"), rollup.message());
        assertFalse(rollup.message().contains("web"), rollup.message());
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
}
