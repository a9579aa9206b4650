package dev.steward.app.bench;

import io.temporal.activity.ActivityOptions;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A part as Steward runs one, each step a no-op: its pods placed in one call, each created and started in one, and recorded. */
public class FloorPartWorkflowImpl implements FloorPartWorkflow {

    private final FloorActivities activities = Workflow.newActivityStub(FloorActivities.class,
            ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(30)).build());

    @Override
    public void run(int pods) {
        activities.place();
        List<Promise<Void>> converged = new ArrayList<>();
        for (int pod = 0; pod < pods; pod++) {
            converged.add(Async.procedure(activities::createAndStart));
        }
        Promise.allOf(converged).get();
        activities.record();
    }
}
