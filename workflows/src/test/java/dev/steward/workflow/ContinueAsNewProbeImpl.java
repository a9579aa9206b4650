package dev.steward.workflow;

import io.temporal.api.enums.v1.ParentClosePolicy;
import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Workflow;

public class ContinueAsNewProbeImpl implements ContinueAsNewProbe {

    @Override
    public String run(int run, String parentClosePolicy) {
        if (run == CHILD) {
            Workflow.await(() -> false);
        }
        if (run > 0) {
            return "continued";
        }
        ContinueAsNewProbe child = Workflow.newChildWorkflowStub(ContinueAsNewProbe.class, ChildWorkflowOptions.newBuilder()
                .setWorkflowId(Workflow.getInfo().getWorkflowId() + "-child")
                .setParentClosePolicy(ParentClosePolicy.valueOf(parentClosePolicy))
                .build());
        Async.function(child::run, CHILD, parentClosePolicy);
        Workflow.getWorkflowExecution(child).get();
        Workflow.continueAsNew(run + 1, parentClosePolicy);
        return "unreachable";
    }
}
