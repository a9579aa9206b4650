package dev.steward.app.bench;

import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;

public class FloorSessionWorkflowImpl implements FloorSessionWorkflow {

    @Override
    public void run(int parts, int podsPerPart) {
        String id = Workflow.getInfo().getWorkflowId();
        List<Promise<Void>> started = new ArrayList<>();
        for (int part = 0; part < parts; part++) {
            FloorPartWorkflow child = Workflow.newChildWorkflowStub(FloorPartWorkflow.class,
                    ChildWorkflowOptions.newBuilder().setWorkflowId(id + "-part-" + part).build());
            started.add(Async.procedure(child::run, podsPerPart));
        }
        Promise.allOf(started).get();
    }
}
