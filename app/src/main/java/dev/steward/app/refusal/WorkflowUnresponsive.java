package dev.steward.app.refusal;

import java.util.List;

/**
 * Temporal took the request, but the workflow it is for did not answer within the deadline (no
 * worker runs it now). The change was not confirmed; it may still apply once a worker runs the
 * workflow again.
 */
public final class WorkflowUnresponsive extends Refusal {

    public WorkflowUnresponsive(String detail) {
        super(detail, List.of());
    }
}
