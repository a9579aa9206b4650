package dev.steward.app.bench;

/** Nothing at all: the floor measures Temporal's share alone. */
public class FloorActivitiesImpl implements FloorActivities {

    @Override
    public void place() {}

    @Override
    public void createAndStart() {}

    @Override
    public void record() {}
}
