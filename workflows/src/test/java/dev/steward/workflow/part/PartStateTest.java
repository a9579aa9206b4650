package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.steward.workflow.support.ReplayHistoryRecorder;
import io.temporal.api.common.v1.Payload;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The state a part carries over continue-as-new, its pods' runtimes within, keeps the shape stored histories hold. */
class PartStateTest {

    private static final DataConverter CONVERTER = DefaultDataConverter.newDefaultInstance();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The state's fields added after the stored history was recorded, in order. */
    private static final List<String> ADDED_SINCE =
            List.of("progressDeadlineSeconds", "progressAt", "progressSeen", "progressGeneration", "passes");

    @Test
    void theCarriedStateOfAStoredRunReadsAndWritesBackInTheSameShape() throws Exception {
        Payload stored = carriedInput(ReplayHistoryRecorder.PART_CONTINUED_HISTORY);

        PartInput input = CONVERTER.fromPayload(stored, PartInput.class, PartInput.class);

        PartState state = input.carried();
        PodRuntime app = state.runtimes.get("app");
        assertEquals(5, app.restarts());
        assertEquals("local", app.host());
        JsonNode before = JSON.readTree(stored.getData().toStringUtf8()).get("carried");
        JsonNode after = JSON.readTree(CONVERTER.toPayload(state).orElseThrow().getData().toStringUtf8());
        // Fields keep their names, order and values: the state's and each pod's runtime's. Fields added since
        // the history was recorded come last.
        assertEquals(fieldNames(before), fieldNames(after).subList(0, fieldNames(before).size()));
        assertEquals(ADDED_SINCE, fieldNames(after).subList(fieldNames(before).size(), fieldNames(after).size()));
        assertEquals(fieldNames(before.get("runtimes").get("app")), fieldNames(after.get("runtimes").get("app")));
        assertTrue(fieldNames(after.get("runtimes").get("app")).contains("restartAt"));
        // Pod specs gained fields (with their defaults) since the history was recorded, and the settings their
        // progress deadline (its default); all else is as it was.
        ObjectNode settings = after.get("settings").deepCopy();
        assertEquals(600.0, settings.remove("progressDeadline").asDouble());
        assertEquals(before.get("settings"), settings);
        for (String field : fieldNames(before)) {
            if (!field.equals("podSpecs") && !field.equals("settings")) {
                assertEquals(before.get(field), after.get(field), field);
            }
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The input of the history's run: the state the run before it carried over. */
    private static Payload carriedInput(String resource) throws Exception {
        try (InputStream in = PartStateTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            WorkflowExecutionHistory history =
                    WorkflowExecutionHistory.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            return history.getEvents().getFirst().getWorkflowExecutionStartedEventAttributes().getInput().getPayloads(0);
        }
    }
}
