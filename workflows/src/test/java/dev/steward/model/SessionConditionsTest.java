package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionConditionsTest {

    private static final Instant T1 = Instant.parse("2030-01-01T08:00:00Z");
    private static final Instant T2 = T1.plusSeconds(60);

    @Test
    void readyAndDegradedFollowTheStatusAndKeepTheirTimeUntilTheyFlip() {
        List<Condition> running = SessionConditions.of(List.of(), SessionStatus.RUNNING, "AllPartsReady", "ok", T1);
        assertEquals(List.of(new Condition("Ready", "True", "AllPartsReady", "ok", T1),
                new Condition("Degraded", "False", "NoPartFailed", "no part has failed under onFailure continue", T1)),
                running);

        List<Condition> degraded = SessionConditions.of(running, SessionStatus.DEGRADED, "PartFailed", "db", T2);
        assertEquals(new Condition("Ready", "False", "PartFailed", "db", T2), degraded.get(0));
        assertEquals(new Condition("Degraded", "True", "PartFailed", "db", T2), degraded.get(1));

        List<Condition> stillDegraded = SessionConditions.of(degraded, SessionStatus.DEGRADED, "PartFailed", "db, web",
                T2.plusSeconds(60));
        assertEquals(T2, stillDegraded.get(1).lastTransitionTime());
        assertEquals("db, web", stillDegraded.get(1).message());
    }
}
