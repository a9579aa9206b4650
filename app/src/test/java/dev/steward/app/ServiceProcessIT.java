package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.steward.app.support.OwnDatabase;
import dev.steward.app.support.ServiceProcess;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TemporalDevServer;
import dev.steward.contract.LogContext;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import io.micronaut.http.client.HttpClient;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The packaged service as it runs in production, with JSON logs: every line of stdout is one JSON
 * object; every line of a session's work carries the session's id (and its part's and pod's, where
 * it is about one); the JDK prints no warnings at start; and a clean stop logs no ERROR and no stack trace.
 */
class ServiceProcessIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<Integer> STOPPED_BY_SIGTERM = Set.of(0, 143);

    @Test
    void jsonLogsCarryTheSessionAndAStopIsQuiet() throws IOException {
        String run = UUID.randomUUID().toString().substring(0, 8);
        UUID id;
        List<String> stdout;
        List<String> stderr;
        try (OwnDatabase database = OwnDatabase.create("process");
                ServiceProcess service = ServiceProcess.start(Map.of(
                        "DATASOURCES_DEFAULT_URL", database.url(),
                        "STEWARD_LOG_FORMAT", "json",
                        "LOGGER_LEVELS_DEV_STEWARD", "DEBUG",
                        "TEMPORAL_ADDRESS", TemporalDevServer.shared().address(),
                        "STEWARD_RECONCILE_DEPLOYMENT", "it-" + run))) {
            service.awaitReady();
            try (HttpClient client = HttpClient.create(URI.create(service.baseUrl()).toURL())) {
                SessionApi api = new SessionApi(client.toBlocking());
                id = api.create(Map.of("owner", "process-" + run, "parts", List.of(Specs.part("web", "a")))).id();
                api.awaitStatus(id, SessionStatus.RUNNING);
                api.delete(id);
                SessionView deleted = api.awaitStatus(id, SessionStatus.DELETED);
                assertEquals(SessionStatus.DELETED, deleted.status());
            }
            int exit = service.stop();
            assertTrue(STOPPED_BY_SIGTERM.contains(exit), "exit code after SIGTERM: " + exit);
            stdout = service.stdoutLines();
            stderr = service.stderrLines();
        }

        assertEquals(List.of(), stderr.stream().filter(line -> !line.isBlank()).toList(),
                "nothing on stderr: no JDK warnings about sun.misc.Unsafe or native access");
        List<ObjectNode> lines = stdout.stream().map(ServiceProcessIT::parse).toList();
        for (ObjectNode line : lines) {
            assertTrue(line.hasNonNull("level") && line.hasNonNull("formattedMessage"), "a log event: " + line);
            assertNotEquals("ERROR", line.get("level").asText(), () -> "no ERROR: " + line);
            assertFalse(line.hasNonNull("throwable"), () -> "no stack trace: " + line);
        }

        String session = id.toString();
        List<ObjectNode> sessionWork = new ArrayList<>();
        for (ObjectNode line : lines) {
            JsonNode mdc = line.path("mdc");
            boolean ofItsWorkflows = mdc.path("WorkflowId").asText().startsWith("session-" + session);
            boolean aboutIt = line.get("formattedMessage").asText().contains(session) && !mdc.has(LogContext.HOST);
            if (ofItsWorkflows || aboutIt) {
                sessionWork.add(line);
                assertEquals(session, mdc.path(LogContext.SESSION).asText(), "the session's id in " + line);
            }
            if (mdc.path("WorkflowId").asText().endsWith("-part-web")) {
                assertEquals("web", mdc.path(LogContext.PART).asText(), "the part in " + line);
            }
            if ("EnsureStarted".equals(mdc.path("ActivityType").asText())) {
                assertEquals("a", mdc.path(LogContext.POD).asText(), "the pod in " + line);
            }
        }
        assertTrue(sessionWork.stream().anyMatch(line -> line.path("mdc").has("ActivityType")),
                "the session's activities logged: " + sessionWork);
        assertTrue(sessionWork.stream().anyMatch(line -> line.path("mdc").path("WorkflowType").asText()
                .equals("PartWorkflow") && !line.path("mdc").has("ActivityType")),
                "the part workflow logged: " + sessionWork);
        assertTrue(sessionWork.stream().anyMatch(line -> "a".equals(line.path("mdc").path(LogContext.POD).asText())),
                "lines about the pod name it: " + sessionWork);
    }

    private static ObjectNode parse(String line) {
        try {
            JsonNode parsed = JSON.readTree(line);
            if (parsed instanceof ObjectNode object) {
                return object;
            }
        } catch (JsonProcessingException notJson) {
            // failed below, with the line
        }
        fail("not one JSON object: " + line);
        return JsonNodeFactory.instance.objectNode();
    }
}
