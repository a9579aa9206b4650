package dev.steward.app.temporal;

import dev.steward.telemetry.FailureEpisodes;
import io.micronaut.scheduling.TaskScheduler;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Function;

/**
 * Runs an attempt until it succeeds: at once, then in the background, waiting twice as long each time
 * up to a minute. A failing stretch is logged once ({@link FailureEpisodes}), and its end.
 */
public final class BackgroundRetry {

    private static final Duration FIRST_WAIT = Duration.ofSeconds(1);
    static final Duration LONGEST_WAIT = Duration.ofMinutes(1);

    private final TaskScheduler scheduler;
    private final FailureEpisodes failures;
    private final String subject;
    private final Runnable attempt;
    private final Function<RuntimeException, String> next;
    /** Guarded by {@code this}. */
    private Duration wait = FIRST_WAIT;
    /** Guarded by {@code this}. */
    private ScheduledFuture<?> scheduled;
    /** Guarded by {@code this}. */
    private boolean cancelled;
    private volatile boolean done;

    /**
     * @param subject what is attempted, for the log
     * @param next what happens after a failure, in words, for the log
     */
    public BackgroundRetry(TaskScheduler scheduler, FailureEpisodes failures, String subject, Runnable attempt,
            Function<RuntimeException, String> next) {
        this.scheduler = scheduler;
        this.failures = failures;
        this.subject = subject;
        this.attempt = attempt;
        this.next = next;
    }

    public synchronized void run() {
        if (cancelled || done) {
            return;
        }
        try {
            attempt.run();
            done = true;
            failures.succeeded(subject);
        } catch (RuntimeException failure) {
            failures.failed(subject, next.apply(failure) + "; tried again in up to " + LONGEST_WAIT.toSeconds() + " s",
                    failure);
            scheduled = scheduler.schedule(wait, this::run);
            Duration doubled = wait.multipliedBy(2);
            wait = doubled.compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : doubled;
        }
    }

    public boolean done() {
        return done;
    }

    public synchronized void cancel() {
        cancelled = true;
        if (scheduled != null) {
            scheduled.cancel(false);
        }
    }
}
