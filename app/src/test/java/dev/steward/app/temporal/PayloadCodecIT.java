package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.app.auth.Role;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TestTokens;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.history.v1.History;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryRequest;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryResponse;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * With a payload key ({@code steward.temporal.codec.key}), what Steward hands the real Temporal server is encrypted:
 * a session whose pod's env holds a known value runs (its workers decrypt their inputs; the container gets the value),
 * while the raw histories of its workflows, read from Temporal without the codec, hold that value nowhere and their
 * inputs are {@code binary/encrypted}. The codec endpoint decrypts such a payload for an {@code OPERATOR} token, and
 * refuses a {@code USER} token ({@code 403}) and a request without one ({@code 401}); the Temporal UI's origin
 * ({@code steward.temporal.ui-url}'s) may call it from a browser, another origin may not.
 */
@MicronautTest
@Property(name = "steward.temporal.codec.key", value = PayloadCodecIT.KEY)
@Property(name = "steward.temporal.ui-url", value = PayloadCodecIT.UI)
class PayloadCodecIT extends SessionApiBase {

    /** 32 bytes, for this test alone. */
    static final String KEY = "cGF5bG9hZC1jb2RlYy10ZXN0cy1vbmx5LWtleS0zMiE=";
    static final String UI = "http://temporal-ui.example.test:8088";

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    WorkflowServiceStubs stubs;

    @Inject
    WorkflowClient temporal;

    @Inject
    EmbeddedServer server;

    @Test
    void temporalHoldsOnlyCiphertextAndTheCodecEndpointDecryptsItForOperators() throws IOException {
        String known = "codec-plaintext-" + UUID.randomUUID();
        Map<String, Object> pod = Map.of("name", "app", "image", Specs.BUSYBOX, "command", List.of("sleep", "3600"),
                "env", Map.of("KNOWN", known));
        SessionView session = api.create(Map.of("owner", "codec", "parts",
                List.of(Map.of("name", "p", "pods", List.of(pod)))));
        try {
            PodView running = api.awaitStatus(session.id(), SessionStatus.RUNNING).parts().getFirst().pods().getFirst();
            String env = engine.output(running.containerId(), "env");
            assertTrue(env.contains("KNOWN=" + known), "the workers read their encrypted inputs: " + env);

            History sessionHistory = rawHistory(WorkflowIds.session(session.id()));
            for (History history : List.of(sessionHistory, rawHistory(WorkflowIds.part(session.id(), "p")))) {
                assertFalse(history.toByteString().toString(StandardCharsets.ISO_8859_1).contains(known),
                        "the value appears nowhere in a history Temporal holds");
            }
            Payload input = started(sessionHistory).getWorkflowExecutionStartedEventAttributes().getInput()
                    .getPayloads(0);
            assertEquals("binary/encrypted", input.getMetadataOrThrow("encoding").toStringUtf8());

            RawHttp http = new RawHttp(server.getURL());
            String run = UUID.randomUUID().toString().substring(0, 8);
            String operator = TestTokens.create(http, "codec-operator-" + run, Role.OPERATOR, null);
            String user = TestTokens.create(http, "codec-user-" + run, Role.USER, "codec");
            byte[] body = JSON.writeValueAsBytes(Map.of("payloads", List.of(json(input))));

            RawAnswer decoded = http.send(operator, "POST", "/api/v1/codec/decode", "application/json", body);
            assertEquals(200, decoded.status(), decoded::toString);
            JsonNode plain = JSON.readTree(decoded.body()).get("payloads").get(0);
            assertEquals("json/plain", text(plain.get("metadata").get("encoding")));
            assertTrue(text(plain.get("data")).contains(known), "the session's spec, decrypted");

            assertEquals(403, http.send(user, "POST", "/api/v1/codec/decode", "application/json", body).status());
            assertEquals(401, http.send(null, "POST", "/api/v1/codec/decode", "application/json", body).status());
        } finally {
            api.delete(session.id());
            api.awaitStatus(session.id(), SessionStatus.DELETED);
        }
    }

    @Test
    void theTemporalUisOriginMayCallTheCodecEndpointFromABrowserAndNoOtherOrigin() {
        RawHttp http = new RawHttp(server.getURL());
        Map<String, String> preflight = Map.of("Origin", UI, "Access-Control-Request-Method", "POST",
                "Access-Control-Request-Headers", "authorization,content-type,x-namespace");

        RawAnswer allowed = http.sendWithHeaders("OPTIONS", "/api/v1/codec/decode", preflight, null);
        assertEquals(2, allowed.status() / 100, allowed::toString);
        assertEquals(UI, allowed.header("Access-Control-Allow-Origin"));
        assertEquals("POST", allowed.header("Access-Control-Allow-Methods"));
        assertTrue(allowed.header("Access-Control-Allow-Headers").toLowerCase().contains("authorization"),
                allowed.headers()::toString);

        Map<String, String> elsewhere = new TreeMap<>(preflight);
        elsewhere.put("Origin", "https://evil.example.test");
        RawAnswer refused = http.sendWithHeaders("OPTIONS", "/api/v1/codec/decode", elsewhere, null);
        assertEquals(403, refused.status(), refused::toString);
        assertNull(refused.header("Access-Control-Allow-Origin"));

        byte[] empty = "{\"payloads\":[]}".getBytes(StandardCharsets.UTF_8);
        RawAnswer fromUi = http.sendWithHeaders("POST", "/api/v1/codec/decode", Map.of("Origin", UI,
                "Content-Type", "application/json", "Authorization", "Bearer " + TestTokens.ADMIN), empty);
        assertEquals(200, fromUi.status(), fromUi::toString);
        assertEquals(UI, fromUi.header("Access-Control-Allow-Origin"));
        RawAnswer unauthorized = http.sendWithHeaders("POST", "/api/v1/codec/decode", Map.of("Origin", UI,
                "Content-Type", "application/json"), empty);
        assertEquals(401, unauthorized.status());
        assertEquals(UI, unauthorized.header("Access-Control-Allow-Origin"), "the UI may read why it was refused");
    }

    private History rawHistory(String workflowId) {
        History.Builder history = History.newBuilder();
        GetWorkflowExecutionHistoryRequest.Builder request = GetWorkflowExecutionHistoryRequest.newBuilder()
                .setNamespace(temporal.getOptions().getNamespace())
                .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId));
        do {
            GetWorkflowExecutionHistoryResponse page = stubs.blockingStub().getWorkflowExecutionHistory(request.build());
            history.addAllEvents(page.getHistory().getEventsList());
            request.setNextPageToken(page.getNextPageToken());
        } while (!request.getNextPageToken().isEmpty());
        return history.build();
    }

    private static HistoryEvent started(History history) {
        return history.getEventsList().stream().filter(HistoryEvent::hasWorkflowExecutionStartedEventAttributes)
                .findFirst().orElseThrow();
    }

    /** As the Temporal UI sends a payload: protobuf's JSON form, bytes in base64. */
    private static Map<String, Object> json(Payload payload) {
        Map<String, String> metadata = new TreeMap<>();
        payload.getMetadataMap().forEach((key, value) -> metadata.put(key, base64(value.toByteArray())));
        return Map.of("metadata", metadata, "data", base64(payload.getData().toByteArray()));
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static String text(JsonNode base64) {
        return new String(Base64.getDecoder().decode(base64.asText()), StandardCharsets.UTF_8);
    }
}
