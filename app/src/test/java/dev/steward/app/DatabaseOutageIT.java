package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.support.JsonBodies;
import dev.steward.app.support.PostgresProxy;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.Specs;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import io.temporal.api.workflowservice.v1.ListOpenWorkflowExecutionsRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * PostgreSQL out of reach (cut by a relay, {@link PostgresProxy}): every request that needs it is answered 503
 * with Retry-After, promptly and without PostgreSQL's words, and nothing is created half-way; once it is back,
 * all works.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// No worker: every workflow started stays open, so none started during the outage goes unseen.
@Property(name = "steward.worker.enabled", value = "false")
@Property(name = "datasources.default.connection-timeout", value = "2000")
class DatabaseOutageIT implements TestPropertyProvider {

    private static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration SLACK = Duration.ofSeconds(5);

    private PostgresProxy postgres;

    @Inject
    EmbeddedServer server;

    @Inject
    JsonMapper json;

    @Inject
    WorkflowServiceStubs temporal;

    @Inject
    WorkflowClient workflowClient;

    @Override
    public Map<String, String> getProperties() {
        postgres = PostgresProxy.inFrontOfTheTestDatabase();
        return Map.of("datasources.default.url", postgres.url());
    }

    @AfterAll
    void closeProxy() throws IOException {
        postgres.close();
    }

    @Test
    void whilePostgresIsDownTheApiAnswers503AndCreatesNothing() {
        RawHttp http = new RawHttp(server.getURL());
        String owner = "outage-" + UUID.randomUUID().toString().substring(0, 8);
        RawAnswer created = http.json("POST", "/api/v1/sessions", JsonBodies.write(json, Specs.twoByTwo(owner)));
        assertEquals(201, created.status(), created.toString());
        UUID existing = JsonBodies.read(json, created, SessionView.class).id();
        long workflowsBefore = openWorkflows();

        postgres.cut();
        try {
            List<RawAnswer> answers = List.of(
                    http.get("/api/v1/sessions?owner=" + owner),
                    http.get("/api/v1/sessions/" + existing),
                    http.get("/api/v1/sessions/" + existing + "/transitions"),
                    http.json("PUT", "/api/v1/sessions/" + existing + "/desired-status", "{\"desiredStatus\": \"STOPPED\"}"),
                    http.delete("/api/v1/sessions/" + existing),
                    http.json("POST", "/api/v1/sessions", JsonBodies.write(json, Specs.twoByTwo(owner))),
                    http.get("/api/v1/hosts"),
                    http.json("POST", "/api/v1/hosts", "{\"name\": \"" + owner + "\", \"endpoint\": \"tcp://127.0.0.1:1\"}"),
                    http.json("PUT", "/api/v1/hosts/local", "{\"enabled\": true}"),
                    http.delete("/api/v1/hosts/" + owner));
            for (RawAnswer answer : answers) {
                assertEquals(503, answer.status(), answer.toString());
                assertTrue(answer.isProblem(), answer.toString());
                Problem problem = JsonBodies.read(json, answer, Problem.class);
                assertEquals("/problems/database-unavailable", URI.create(problem.type()).getPath(), answer.toString());
                assertNotNull(answer.retryAfter(), "no Retry-After: " + answer);
                for (String internal : List.of("PSQL", "SQLException", "JDBC", "jdbc", "Hikari", "Exception", "ERROR:", "SELECT")) {
                    assertFalse(answer.body().contains(internal), "internal text in the answer: " + answer);
                }
                assertTrue(answer.took().compareTo(CONNECTION_TIMEOUT.plus(SLACK)) <= 0, "answered late: " + answer);
            }
            assertEquals(workflowsBefore, openWorkflows(), "a workflow was started while PostgreSQL was down");
        } finally {
            postgres.restore();
        }

        RawAnswer listed = Eventually.await("PostgreSQL answers again", SessionApi.DEADLINE,
                () -> http.get("/api/v1/sessions?owner=" + owner),
                answer -> answer.status() == 200);
        assertTrue(listed.body().contains("\"total\":1"), "only the session created before the outage: " + listed);
        assertEquals(404, http.get("/api/v1/hosts/" + owner).status(), "no host was registered during the outage");
        assertEquals(workflowsBefore, openWorkflows());
    }

    private long openWorkflows() {
        return temporal.blockingStub().listOpenWorkflowExecutions(ListOpenWorkflowExecutionsRequest.newBuilder()
                .setNamespace(workflowClient.getOptions().getNamespace()).setMaximumPageSize(1000).build()).getExecutionsCount();
    }
}
