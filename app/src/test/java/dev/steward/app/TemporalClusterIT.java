package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.SessionStatus;
import dev.steward.temporal.LocalTemporalServer;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.http.client.HttpClient;
import io.micronaut.runtime.server.EmbeddedServer;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** With a Temporal address configured, the service runs its sessions on that cluster, not in process. */
class TemporalClusterIT {

    @Test
    void sessionWorkflowRunsOnTheConfiguredCluster() throws IOException {
        int port = Ports.free();
        // The service closes before the cluster it uses, as in a real deployment.
        try (Closeable cluster = LocalTemporalServer.start(port);
                EmbeddedServer service = ApplicationContext.run(EmbeddedServer.class,
                        Map.of("temporal.target", "127.0.0.1:" + port), Environment.TEST);
                HttpClient client = service.getApplicationContext().createBean(HttpClient.class, service.getURL())) {
            runSessionOn(port, new SessionApi(client.toBlocking()));
        }
    }

    private static void runSessionOn(int port, SessionApi api) {
        UUID id = api.create(Map.of("owner", "cluster", "parts", List.of(Specs.part("web", "a")))).id();
        api.awaitStatus(id, SessionStatus.RUNNING);

        WorkflowServiceStubs stubs = WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + port).build());
        try {
            WorkflowClient direct = WorkflowClient.newInstance(stubs);
            assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING,
                    direct.newUntypedWorkflowStub(WorkflowIds.session(id)).describe().getStatus());
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        } finally {
            stubs.shutdownNow();
        }
    }
}
