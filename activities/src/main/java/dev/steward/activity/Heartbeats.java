package dev.steward.activity;

import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import java.util.function.Consumer;

/** Heartbeats of the activity this thread runs. */
final class Heartbeats {

    private Heartbeats() {}

    /**
     * The activity's heartbeat; one that does nothing when the method runs outside an activity, as the
     * integration tests and benchmarks call it directly.
     */
    static Consumer<Object> ofCurrentActivity() {
        ActivityExecutionContext activity;
        try {
            activity = Activity.getExecutionContext();
        } catch (IllegalStateException notInAnActivity) {
            return details -> {};
        }
        return activity::heartbeat;
    }
}
