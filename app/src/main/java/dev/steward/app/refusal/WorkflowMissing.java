package dev.steward.app.refusal;

/**
 * A conflict with one remedy: the workflow the request was for is missing from Temporal (not found, or
 * closed). A session that has not ended is resumed from the read model and asked again.
 */
public final class WorkflowMissing extends Conflict {

    public WorkflowMissing(String detail) {
        super(detail);
    }
}
