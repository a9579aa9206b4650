package dev.steward.app.bench;

import io.temporal.activity.ActivityInterface;

/** The steps of a pod in the {@link FloorSessionWorkflow}, each doing nothing. */
@ActivityInterface(namePrefix = "Floor")
public interface FloorActivities {

    void place();

    void createAndStart();

    void record();
}
