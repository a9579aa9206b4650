package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

    @Test
    void theCarriedStateOfAStoredRunReadsAndWritesBackInTheSameShape() throws Exception {
        Payload stored = carriedInput(ReplayHistoryRecorder.PART_CONTINUED_HISTORY);

        PartInput input = CONVERTER.fromPayload(stored, PartInput.class, PartInput.class);

        PartState state = input.carried();
        PodRuntime app = state.runtimes.get("app");
        assertEquals(5, app.restarts());
        assertEquals("local", app.host());
        assertTrue(state.passes > 0, "the passes counted before continuing as new are carried: " + state.passes);
        JsonNode before = JSON.readTree(stored.getData().toStringUtf8()).get("carried");
        JsonNode after = JSON.readTree(CONVERTER.toPayload(state).orElseThrow().getData().toStringUtf8());
        // Fields keep their names, order and values: the state's and each pod's runtime's. A field added from
        // now on comes last, and a field renamed or dropped fails here before it fails a running workflow.
        assertEquals(fieldNames(before), fieldNames(after));
        assertEquals(fieldNames(before.get("runtimes").get("app")), fieldNames(after.get("runtimes").get("app")));
        assertTrue(fieldNames(after.get("runtimes").get("app")).contains("restartAt"));
        for (String field : fieldNames(before)) {
            assertEquals(before.get(field), after.get(field), field);
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
