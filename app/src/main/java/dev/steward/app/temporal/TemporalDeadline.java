package dev.steward.app.temporal;

import dev.steward.config.ApiConfig;
import io.grpc.Context;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Bounds calls into Temporal by {@code steward.api.temporal-timeout}. The SDK waits for an Update
 * until the workflow answers, however long that is; every gRPC call it makes, retries included,
 * obeys the deadline of the gRPC context it runs in, so the call runs in one with a deadline. Past
 * it the SDK throws what it throws for a timeout ({@code DEADLINE_EXCEEDED}), or the failure that
 * kept it retrying.
 */
@Singleton
public class TemporalDeadline {

    private final Duration timeout;
    /** Cancels a context when its deadline passes; one daemon thread does it for every call. */
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, runnable -> {
        Thread thread = new Thread(runnable, "temporal-deadline");
        thread.setDaemon(true);
        return thread;
    });

    public TemporalDeadline(ApiConfig api) {
        this.timeout = api.temporalTimeout();
        timer.setRemoveOnCancelPolicy(true);
    }

    public Duration timeout() {
        return timeout;
    }

    /** The timeout as answers state it: {@code 5 s}, {@code 1.5 s}. */
    public String inWords() {
        long millis = timeout.toMillis();
        return (millis % 1000 == 0 ? String.valueOf(millis / 1000) : String.valueOf(millis / 1000.0)) + " s";
    }

    /** Runs {@code call} with every Temporal call in it bounded by the timeout, counted from now. */
    public <T> T call(Supplier<T> call) {
        Context.CancellableContext bounded =
                Context.current().withDeadlineAfter(timeout.toNanos(), TimeUnit.NANOSECONDS, timer);
        Context previous = bounded.attach();
        try {
            return call.get();
        } finally {
            bounded.detach(previous);
            bounded.cancel(null);
        }
    }

    public void run(Runnable call) {
        call(() -> {
            call.run();
            return null;
        });
    }

    @PreDestroy
    void stop() {
        timer.shutdownNow();
    }
}
