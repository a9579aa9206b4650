package dev.steward.workflow.support;

import dev.steward.contract.WorkflowIds;
import io.temporal.client.WorkflowClient;
import io.temporal.common.WorkflowExecutionHistory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/** The runs of a part workflow, first to last, following its continue-as-new chain back from the last run. */
public final class PartRuns {

    private PartRuns() {}

    public static List<WorkflowExecutionHistory> of(WorkflowClient client, UUID sessionId, String part) {
        String workflowId = WorkflowIds.part(sessionId, part);
        List<WorkflowExecutionHistory> runs = new ArrayList<>();
        WorkflowExecutionHistory run = client.fetchHistory(workflowId);
        while (true) {
            runs.add(run);
            String before = run.getEvents().getFirst().getWorkflowExecutionStartedEventAttributes().getContinuedExecutionRunId();
            if (before.isEmpty()) {
                break;
            }
            run = client.fetchHistory(workflowId, before);
        }
        Collections.reverse(runs);
        return runs;
    }
}
