package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.DurableService;
import dev.steward.app.support.Specs;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.SessionStatus;
import io.micronaut.http.HttpStatus;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A machine crash: the service and Temporal killed together with SIGKILL, then both started again.
 * Temporal keeps its history on disk, so every session goes on in the same workflow run with its history
 * intact: no Resumed transition, the same containers, and a DELETE taken as before.
 */
class TemporalCrashIT {

    @Test
    void everySessionGoesOnInItsOwnRunAfterTheServiceAndTemporalAreKilledTogether() throws IOException {
        try (DurableService steward = new DurableService("temporalcrash")) {
            steward.startService();
            List<UUID> ids = steward.api(api -> List.of(
                    api.create(Map.of("owner", "crash-" + steward.run, "parts", List.of(Specs.part("web", "a", "b")))).id(),
                    api.create(Map.of("owner", "crash-" + steward.run, "parts", List.of(Specs.part("db", "a")))).id()));
            Map<UUID, Map<String, String>> containers = new HashMap<>();
            steward.api(api -> {
                ids.forEach(id -> containers.put(id, DurableService.containerIds(api.awaitConverged(id, SessionStatus.RUNNING))));
                return null;
            });
            Map<UUID, WorkflowExecutionInfo> before = runs(steward, ids);

            steward.killService();
            steward.temporal.kill();
            steward.temporal.start();
            steward.startService();

            Map<UUID, WorkflowExecutionInfo> after = runs(steward, ids);
            steward.api(api -> {
                for (UUID id : ids) {
                    WorkflowExecution run = before.get(id).getExecution();
                    assertEquals(run.getRunId(), after.get(id).getExecution().getRunId(), "session " + id + " kept its run");
                    assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING, after.get(id).getStatus());
                    assertTrue(after.get(id).getHistoryLength() >= before.get(id).getHistoryLength(),
                            "the history of " + id + " is intact: " + before.get(id).getHistoryLength() + " events before, "
                                    + after.get(id).getHistoryLength() + " after");
                    assertEquals(containers.get(id), DurableService.containerIds(api.awaitConverged(id, SessionStatus.RUNNING)),
                            "session " + id + " kept its containers");
                    assertFalse(DurableService.resumed(api.transitions(id)), "session " + id + " was not resumed");
                }
                for (UUID id : ids) {
                    assertEquals(HttpStatus.ACCEPTED, api.delete(id));
                }
                for (UUID id : ids) {
                    api.awaitStatus(id, SessionStatus.DELETED);
                    assertTrue(steward.engine.containersOf(id).isEmpty(), "nothing left of " + id);
                }
                return null;
            });
        }
    }

    /** Each session's workflow as Temporal describes it. */
    private static Map<UUID, WorkflowExecutionInfo> runs(DurableService steward, List<UUID> ids) {
        WorkflowServiceStubs stubs = WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget(steward.temporal.address()).build());
        try {
            WorkflowClient temporal = steward.temporalClient(stubs);
            Map<UUID, WorkflowExecutionInfo> runs = new HashMap<>();
            ids.forEach(id -> runs.put(id, temporal.newUntypedWorkflowStub(WorkflowIds.session(id)).describe()
                    .getRawDescription().getWorkflowExecutionInfo()));
            return runs;
        } finally {
            stubs.shutdownNow();
        }
    }
}
