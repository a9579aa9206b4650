package dev.steward.app.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.app.support.BadRequest;
import dev.steward.app.support.BadRequests;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.ServiceState;
import dev.steward.contract.WorkflowIds;
import dev.steward.store.HostRepository;
import dev.steward.store.SessionRepository;
import dev.steward.workflow.support.Eventually;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.api.workflowservice.v1.ListOpenWorkflowExecutionsRequest;
import io.temporal.api.workflowservice.v1.WorkflowServiceGrpc;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * Whatever is wrong with a request, the real service (real PostgreSQL, the real Temporal server) refuses
 * it with a 4xx problem+json that names the fault without internals, and changes nothing: no row, no
 * workflow, the session and host it aims at as they were. 700 generated bad requests, none answered 5xx.
 * With no worker, a request that slipped through to a workflow would wait out the deadline and answer 503.
 */
class MalformedInputIT {

    /** Words that belong in the log, never in an answer. */
    private static final List<String> INTERNALS = List.of("Exception", "dev.steward.", "io.micronaut.",
            "com.fasterxml.", "java.", "PSQL", "SQL state", "at [Source");

    private static EmbeddedServer server;
    private static RawHttp http;
    private static UUID session;
    private static String host;
    private static ServiceState before;

    @BeforeContainer
    static void startService() throws Exception {
        server = ApplicationContext.run(EmbeddedServer.class, Map.of(
                "steward.worker.enabled", "false",
                "steward.api.temporal-timeout", "2s"), "test");
        http = new RawHttp(server.getURL());
        ObjectMapper json = new ObjectMapper();
        RawAnswer created = http.json("POST", "/api/v1/sessions", json.writeValueAsString(BadRequests.sessionSpec()));
        assertEquals(201, created.status(), created.toString());
        session = UUID.fromString(json.readTree(created.body()).get("id").asText());
        host = "property-" + UUID.randomUUID().toString().substring(0, 8);
        RawAnswer registered = http.json("POST", "/api/v1/hosts", json.writeValueAsString(BadRequests.hostSpec(host)));
        assertEquals(201, registered.status(), registered.toString());
        // Temporal lists a workflow a moment after it starts: were the baseline taken before the session's or the
        // host's workflow is listed, its late listing would count as a change a bad request made.
        Eventually.await("the session's and the host's running workflows listed open", Duration.ofSeconds(60),
                MalformedInputIT::runningButUnlisted, List::isEmpty);
        before = state();
    }

    @AfterContainer
    static void stopService() {
        server.close();
    }

    @Property(tries = 700)
    void everyBadRequestIsRefusedWithAProblemAndChangesNothing(@ForAll("badRequests") BadRequest request) {
        RawAnswer answer = http.send(request.method(), request.path(), request.contentType(), request.body());
        Statistics.label("fault").collect(request.category());
        Statistics.label("answer").collect(answer.status());
        assertTrue(answer.status() >= 400 && answer.status() < 500, request + "\n  answered " + answer);
        assertTrue(answer.isProblem(), request + "\n  answered " + answer);
        for (String internal : INTERNALS) {
            assertFalse(answer.body().contains(internal), request + "\n  answered with internals: " + answer);
        }
        assertEquals(before, state(), request + "\n  changed something; answered " + answer);
    }

    @Provide
    Arbitrary<BadRequest> badRequests() {
        return new BadRequests(session, host).any();
    }

    private static ServiceState state() {
        SessionRepository sessions = server.getApplicationContext().getBean(SessionRepository.class);
        HostRepository hosts = server.getApplicationContext().getBean(HostRepository.class);
        return new ServiceState(sessions.count(), hosts.count(), openWorkflows().size(),
                sessions.findById(session).orElseThrow(), hosts.findById(host).orElseThrow());
    }

    /** The ids of the workflows Temporal lists open. */
    private static List<String> openWorkflows() {
        return temporal().listOpenWorkflowExecutions(ListOpenWorkflowExecutionsRequest.newBuilder()
                .setNamespace(namespace()).setMaximumPageSize(1000).build()).getExecutionsList().stream()
                .map(open -> open.getExecution().getWorkflowId()).toList();
    }

    /** The session's and the host's workflows that run but are not listed open yet. */
    private static List<String> runningButUnlisted() {
        List<String> listed = openWorkflows();
        return Stream.of(WorkflowIds.session(session), WorkflowIds.host(host))
                .filter(id -> !listed.contains(id) && running(id)).toList();
    }

    private static boolean running(String workflowId) {
        try {
            return temporal().describeWorkflowExecution(DescribeWorkflowExecutionRequest.newBuilder()
                    .setNamespace(namespace()).setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId))
                    .build()).getWorkflowExecutionInfo().getStatus() == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING;
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.NOT_FOUND) {
                return false;
            }
            throw e;
        }
    }

    private static WorkflowServiceGrpc.WorkflowServiceBlockingStub temporal() {
        return server.getApplicationContext().getBean(WorkflowServiceStubs.class).blockingStub();
    }

    private static String namespace() {
        return server.getApplicationContext().getBean(WorkflowClient.class).getOptions().getNamespace();
    }
}
