package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.api.HistoryEventView;
import dev.steward.app.support.Refusals;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.SessionStatus;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.BlockingHttpClient;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A session's and its part's workflow histories, read from Temporal through the API. */
@MicronautTest
class WorkflowHistoryIT extends SessionApiBase {

    @Test
    void theSessionAndItsPartsShowTheirWorkflowHistories() {
        BlockingHttpClient http = client.toBlocking();
        UUID id = api.create(Map.of("owner", "history", "parts", List.of(Specs.part("web", "server")))).id();
        String base = "/api/v1/sessions/" + id + "/history";
        try {
            api.awaitStatus(id, SessionStatus.RUNNING);
            List<HistoryEventView> session = http.retrieve(HttpRequest.GET(base),
                    Argument.listOf(HistoryEventView.class));
            assertEquals(1, session.getFirst().eventId());
            assertEquals("WorkflowExecutionStarted", session.getFirst().eventType());
            assertEquals("SessionWorkflow", session.getFirst().detail());
            assertTrue(session.stream().anyMatch(e -> e.eventType().equals("StartChildWorkflowExecutionInitiated")
                    && ("session-" + id + "-part-web").equals(e.detail())), session.toString());

            List<HistoryEventView> part = http.retrieve(HttpRequest.GET(base + "?part=web"),
                    Argument.listOf(HistoryEventView.class));
            assertEquals("PartWorkflow", part.getFirst().detail());
            assertTrue(part.stream().anyMatch(e -> e.eventType().equals("ActivityTaskScheduled")), part.toString());

            assertEquals(404, Refusals.refused(http, HttpRequest.GET(base + "?part=nope"), HttpStatus.NOT_FOUND)
                    .status());
            assertEquals(404, Refusals.refused(http, HttpRequest.GET("/api/v1/sessions/" + UUID.randomUUID()
                    + "/history"), HttpStatus.NOT_FOUND).status());
        } finally {
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        }
    }
}
