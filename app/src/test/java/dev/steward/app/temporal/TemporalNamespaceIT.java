package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.SessionApi;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TemporalDevServer;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.http.client.HttpClient;
import io.micronaut.runtime.server.EmbeddedServer;
import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.api.workflowservice.v1.ListWorkflowExecutionsRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Each deployment has a Temporal namespace of its own, named after it: a service whose namespace does
 * not exist yet registers it with Steward's search attributes, runs its sessions there (found by owner),
 * and another deployment's namespace on the same Temporal shows none of them.
 */
class TemporalNamespaceIT {

    @Test
    void aDeploymentRegistersItsOwnNamespaceAndRunsItsSessionsThere() {
        String deployment = "it-ns-" + UUID.randomUUID().toString().substring(0, 8);
        String address = TemporalDevServer.shared().address();
        WorkflowServiceStubs stubs = WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget(address).build());
        try (EmbeddedServer service = ApplicationContext.run(EmbeddedServer.class, Map.of(
                        "temporal.target", address, "steward.reconcile.deployment", deployment), Environment.TEST);
                HttpClient client = service.getApplicationContext().createBean(HttpClient.class, service.getURL())) {
            SessionApi api = new SessionApi(client.toBlocking());
            String owner = "ns-" + deployment;
            UUID id = api.create(Map.of("owner", owner, "parts", List.of(Specs.part("web", "a")))).id();
            api.awaitStatus(id, SessionStatus.RUNNING);

            assertEquals(deployment, stubs.blockingStub().describeNamespace(DescribeNamespaceRequest.newBuilder()
                    .setNamespace(deployment).build()).getNamespaceInfo().getName());
            String byOwner = "StewardOwner = '" + owner + "'";
            List<String> found = Eventually.await("the session's workflow listed by owner", SessionApi.DEADLINE,
                    () -> list(stubs, deployment, byOwner),
                    ids -> ids.contains(WorkflowIds.session(id)));
            assertEquals(List.of(WorkflowIds.session(id)), found);
            assertTrue(list(stubs, "default", "WorkflowId = '" + WorkflowIds.session(id) + "'").isEmpty(),
                    "another namespace has none of it");
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        } finally {
            stubs.shutdownNow();
        }
    }

    private static List<String> list(WorkflowServiceStubs stubs, String namespace, String query) {
        return stubs.blockingStub().listWorkflowExecutions(ListWorkflowExecutionsRequest.newBuilder()
                        .setNamespace(namespace).setQuery(query).build())
                .getExecutionsList().stream().map(execution -> execution.getExecution().getWorkflowId()).toList();
    }
}
