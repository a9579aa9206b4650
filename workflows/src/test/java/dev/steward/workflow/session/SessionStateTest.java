package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import dev.steward.model.DesiredStatus;
import dev.steward.workflow.support.ReplayHistoryRecorder;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The state a session carries over continue-as-new keeps the shape stored histories and running executions hold. */
class SessionStateTest {

    private static final DataConverter CONVERTER = DefaultDataConverter.newDefaultInstance();
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theCarriedStateOfAStoredRunReadsAndWritesBackInTheSameShape() throws Exception {
        Payload stored = carriedInput(ReplayHistoryRecorder.BEFORE_CONTINUE_AS_NEW_HISTORY);

        SessionInput input = CONVERTER.fromPayload(stored, SessionInput.class, SessionInput.class);

        SessionState state = input.carried();
        assertEquals(DesiredStatus.RUNNING, state.desired);
        assertEquals(EnumSet.of(TimeslotMoment.PROVISION), state.done);
        assertEquals(List.of("web", "db"), new ArrayList<>(state.parts.keySet()));
        JsonNode before = JSON.readTree(stored.getData().toStringUtf8()).get("carried");
        JsonNode after = JSON.readTree(CONVERTER.toPayload(state).orElseThrow().getData().toStringUtf8());
        // Fields keep their names, order and values.
        assertEquals(fieldNames(before), fieldNames(after));
        assertEquals(before, after);
    }

    @Test
    void theStartedPartsAreMetInTheOrderRunsSoFarMetThem() throws Exception {
        Payload stored = carriedInput(ReplayHistoryRecorder.BEFORE_CONTINUE_AS_NEW_HISTORY);
        String json = stored.getData().toStringUtf8();
        assertTrue(json.contains("\"started\":[\"web\",\"db\"]"), json);
        Payload dbFirst = stored.toBuilder()
                .setData(ByteString.copyFromUtf8(json.replace("\"started\":[\"web\",\"db\"]", "\"started\":[\"db\",\"web\"]")))
                .build();

        SessionState state = CONVERTER.fromPayload(dbFirst, SessionInput.class, SessionInput.class).carried();

        // Runs so far copied the carried names out of the set Jackson reads them into, which meets them in this order.
        assertEquals(List.of("web", "db"), new ArrayList<>(new HashSet<>(List.of("db", "web"))), "the premise");
        assertEquals(List.of("web", "db"), new ArrayList<>(state.started));
        state.started.add("cache");
        assertEquals(List.of("web", "db", "cache"), new ArrayList<>(state.started), "a part started later comes last");
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static Payload carriedInput(String resource) throws Exception {
        try (InputStream in = SessionStateTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            WorkflowExecutionHistory history =
                    WorkflowExecutionHistory.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            HistoryEvent last = history.getLastEvent();
            return last.getWorkflowExecutionContinuedAsNewEventAttributes().getInput().getPayloads(0);
        }
    }
}
