package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.LifecycleSettings;
import dev.steward.workflow.HistoryEvents;
import dev.steward.workflow.LifecycleScenarios;
import dev.steward.workflow.StartedSession;
import dev.steward.workflow.WorkflowSandbox;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.common.WorkflowExecutionHistory;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** History stays bounded: the session continues as new, carrying its state, and its parts live on. */
class SessionContinueAsNewTest {

    private static final int REPORTS = 5_000;
    private static final int HISTORY_LIMIT = 10_000;

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    @Test
    void fiveThousandReportsKeepEveryRunShortAndTheSessionStillCompletes() {
        UUID id = UUID.randomUUID();

        StartedSession s = LifecycleScenarios.manyReports(sandbox, id, REPORTS, LifecycleSettings.DEFAULTS);

        List<WorkflowExecutionHistory> runs = s.runs();
        List<Integer> lengths = runs.stream().map(r -> r.getEvents().size()).toList();
        System.out.println(REPORTS + " status signals: session history events per run " + lengths + ", largest "
                + lengths.stream().mapToInt(Integer::intValue).max().orElseThrow());
        assertTrue(runs.size() > 1, "continued as new: " + lengths);
        for (WorkflowExecutionHistory run : runs) {
            assertTrue(run.getEvents().size() <= HISTORY_LIMIT, "a run of " + run.getEvents().size() + " events");
        }
        long signals = runs.stream()
                .mapToLong(r -> HistoryEvents.count(r.getEvents(), EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED))
                .sum();
        assertTrue(signals >= REPORTS, "every report reached a run: " + signals);
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, runs.getLast().getLastEvent().getEventType());
        // The parts were started by the first run and never restarted: one execution each, completed.
        for (String part : List.of("web", "db")) {
            var child = sandbox.client().newUntypedWorkflowStub(WorkflowIds.part(id, part)).describe();
            assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED, child.getStatus(), part);
            assertEquals(runs.getFirst().getWorkflowExecution().getWorkflowId(), child.getParentExecution().getWorkflowId());
            assertEquals(s.firstRunId(), child.getParentExecution().getRunId(), part + " was started by the first run");
        }
    }
}
