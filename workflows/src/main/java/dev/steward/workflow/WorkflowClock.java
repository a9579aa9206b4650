package dev.steward.workflow;

import io.temporal.workflow.Workflow;
import java.time.Instant;

/** Workflow time as an instant: the same on every replay. Only for workflow code. */
public final class WorkflowClock {

    private WorkflowClock() {}

    public static Instant now() {
        return Instant.ofEpochMilli(Workflow.currentTimeMillis());
    }
}
