package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.steward.model.EventAwait;
import dev.steward.model.EventCause;
import dev.steward.model.PartSpec;
import dev.steward.workflow.support.TestSessions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EventEnvTest {

    private static final ArrivedEvent DATASET = new ArrivedEvent(
            new EventCause("e-1", "https://ci.example.com/data", "com.example.dataset.ready"), "{\"d\":1}");
    private static final ArrivedEvent MODEL = new ArrivedEvent(
            new EventCause("e-2", "https://ci.example.com/models", "com.example.model.ready"), null);

    private static PartSpec awaiting(EventAwait... awaits) {
        PartSpec part = TestSessions.part("train", "trainer");
        return new PartSpec(part.name(), part.pods(), null, null, null, null, List.of(awaits), null, null);
    }

    @Test
    void thePodsSeeTheFirstAwaitedEventUnprefixedAndTheOthersNumbered() {
        PartSpec part = awaiting(new EventAwait("com.example.dataset.ready", null),
                new EventAwait("com.example.model.ready", "https://ci.example.com/models"));

        Map<String, String> env = EventEnv.withEvents(part, List.of(MODEL, DATASET)).pods().getFirst().givenEnv();

        assertEquals(Map.of("POD", "trainer",
                "STEWARD_EVENT_ID", "e-1", "STEWARD_EVENT_TYPE", "com.example.dataset.ready",
                "STEWARD_EVENT_SOURCE", "https://ci.example.com/data", "STEWARD_EVENT_DATA", "{\"d\":1}",
                "STEWARD_EVENT_2_ID", "e-2", "STEWARD_EVENT_2_TYPE", "com.example.model.ready",
                "STEWARD_EVENT_2_SOURCE", "https://ci.example.com/models"), env);
    }

    @Test
    void anAwaitWithASourceMatchesOnlyEventsOfThatSource() {
        EventAwait fromElsewhere = new EventAwait("com.example.dataset.ready", "https://other.example.com/");
        assertEquals(List.of(), EventEnv.match(fromElsewhere, List.of(DATASET)).stream().toList());
        assertEquals(List.of(DATASET), EventEnv.match(new EventAwait("com.example.dataset.ready", null),
                List.of(MODEL, DATASET)).stream().toList());
    }

    @Test
    void aPartThatAwaitsNothingIsLeftAsItIs() {
        PartSpec part = TestSessions.part("web", "app");
        assertSame(part, EventEnv.withEvents(part, List.of(DATASET)));
    }
}
