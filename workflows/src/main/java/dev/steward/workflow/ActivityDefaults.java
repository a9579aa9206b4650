package dev.steward.workflow;

import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.common.RetryOptions;
import java.time.Duration;

/** Layer 1 of the retry table: transient engine and database failures are retried by Temporal. */
public final class ActivityDefaults {

    /** 1 s initial, doubling, at most 30 s apart, 5 attempts in all. */
    public static final RetryOptions TRANSIENT_RETRY = RetryOptions.newBuilder()
            .setInitialInterval(Duration.ofSeconds(1))
            .setBackoffCoefficient(2)
            .setMaximumInterval(Duration.ofSeconds(30))
            .setMaximumAttempts(5)
            .build();

    /**
     * Writes to PostgreSQL retry without a cap, at most 30 s apart: a database outage delays the record,
     * never loses it, and the writes apply in order once it is back (each is idempotent by its id).
     */
    public static final RetryOptions DATABASE_RETRY = RetryOptions.newBuilder(TRANSIENT_RETRY)
            .setMaximumAttempts(0)
            .build();

    /**
     * A transition's first try at PostgreSQL: two short attempts, after which it is queued behind the
     * workflow's back (see {@code TransitionRecorder}) so that an outage does not hold the workflow up.
     */
    public static final ActivityOptions DATABASE_FIRST_TRY = ActivityOptions.newBuilder()
            .setStartToCloseTimeout(Duration.ofSeconds(10))
            .setRetryOptions(RetryOptions.newBuilder(TRANSIENT_RETRY).setMaximumAttempts(2).build())
            .build();

    /**
     * A transition's first try as a local activity, inside the workflow task: one attempt of at most 2 s
     * (a write takes milliseconds), after which it is queued. A database that is slow or away holds the task,
     * and the commands issued in it, no longer than that.
     */
    public static final LocalActivityOptions LOCAL_DATABASE_FIRST_TRY = LocalActivityOptions.newBuilder()
            .setStartToCloseTimeout(Duration.ofSeconds(2))
            .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
            .build();

    private ActivityDefaults() {}

    /** Long activities heartbeat; the heartbeat timeout notices a lost worker and delivers cancellation. */
    public static ActivityOptions heartbeating(Duration startToClose) {
        return ActivityOptions.newBuilder(withTimeout(startToClose))
                .setHeartbeatTimeout(Duration.ofSeconds(10))
                .build();
    }

    /** Calls that read or write PostgreSQL: {@link #DATABASE_RETRY}. */
    public static ActivityOptions database(Duration startToClose) {
        return ActivityOptions.newBuilder(withTimeout(startToClose)).setRetryOptions(DATABASE_RETRY).build();
    }

    /**
     * A short read or write of PostgreSQL run by the workflow's own worker, inside its workflow task: no
     * round trip to the server before and after it. {@link #DATABASE_RETRY}.
     */
    public static LocalActivityOptions localDatabase(Duration startToClose) {
        return LocalActivityOptions.newBuilder()
                .setStartToCloseTimeout(startToClose)
                .setRetryOptions(DATABASE_RETRY)
                .build();
    }

    public static ActivityOptions withTimeout(Duration startToClose) {
        return ActivityOptions.newBuilder()
                .setStartToCloseTimeout(startToClose)
                .setRetryOptions(TRANSIENT_RETRY)
                .build();
    }
}
