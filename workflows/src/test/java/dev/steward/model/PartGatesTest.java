package dev.steward.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartGatesTest {

    private static PartSpec waitingFor(PartGate gate, String... after) {
        return new PartSpec("api", List.of(), List.of(after), gate, null, null);
    }

    @Test
    void aReadyGateOpensWhenEveryNamedPartIsReadyOrCompleted() {
        PartSpec api = waitingFor(PartGate.READY, "db", "cache");
        assertEquals(List.of("cache (PROVISIONING)"),
                PartGates.blockers(api, Map.of("db", PartStatus.READY, "cache", PartStatus.PROVISIONING)));
        assertEquals(List.of(), PartGates.blockers(api, Map.of("db", PartStatus.READY, "cache", PartStatus.COMPLETED)));
    }

    @Test
    void aCompletedGateOpensOnlyOnCompletion() {
        PartSpec api = waitingFor(PartGate.COMPLETED, "seed");
        assertEquals(List.of("seed (READY)"), PartGates.blockers(api, Map.of("seed", PartStatus.READY)));
        assertEquals(List.of(), PartGates.blockers(api, Map.of("seed", PartStatus.COMPLETED)));
    }

    @Test
    void aPartWithoutAfterStartsAtOnce() {
        assertEquals(List.of(), PartGates.blockers(waitingFor(PartGate.READY), Map.of()));
    }
}
