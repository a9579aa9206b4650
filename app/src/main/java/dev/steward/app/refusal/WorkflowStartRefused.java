package dev.steward.app.refusal;

import java.util.List;

/** Temporal answered, but refused to start a workflow; the detail gives its reason. Nothing was created. */
public final class WorkflowStartRefused extends Refusal {

    public WorkflowStartRefused(String detail) {
        super(detail, List.of());
    }
}
