package dev.steward.workflow;

import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** A child of its session, id {@code session-{id}-part-{name}}: keeps the part's pods converged. */
@WorkflowInterface
public interface PartWorkflow {

    /** Runs until the part is deleted; returns its final status. */
    @WorkflowMethod
    PartStatus run(PartInput input);

    /** The session cascades a new desired status. */
    @SignalMethod
    void setDesiredStatus(DesiredChange change);

    /** Re-read the engine now instead of at the next resync. */
    @SignalMethod
    void resync();

    /** The part and its pods as the workflow sees them. */
    @QueryMethod
    PartView view();
}
