package dev.steward.workflow.support;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Polls until a condition holds, or fails the test at a deadline with what it last saw. The workflow
 * tests use it as it is; the service's tests (app) give the deadline their real engine and Temporal need.
 */
public final class Eventually {

    /** Long enough for anything in one JVM (a time-skipping Temporal, fakes). */
    public static final Duration DEADLINE = Duration.ofSeconds(20);
    /** Polls per deadline: every 20 ms for the default deadline, every 90 ms for 90 s. */
    private static final int POLLS = 1000;

    private Eventually() {}

    /** Polls {@code probe} until {@code done} holds, for at most {@link #DEADLINE}. */
    public static <T> T await(String what, Supplier<T> probe, Predicate<? super T> done) {
        return await(what, DEADLINE, probe, done);
    }

    public static <T> T await(String what, Duration deadline, Supplier<T> probe, Predicate<? super T> done) {
        long end = System.nanoTime() + deadline.toNanos();
        long pollMillis = Math.max(1, deadline.toMillis() / POLLS);
        while (true) {
            T seen = probe.get();
            if (done.test(seen)) {
                return seen;
            }
            if (System.nanoTime() > end) {
                return fail("not reached within " + deadline.toSeconds() + " s: " + what + "; last seen: " + seen);
            }
            try {
                Thread.sleep(pollMillis); // the poll interval; the condition above decides
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return fail("interrupted while waiting for " + what + "; last seen: " + seen);
            }
        }
    }
}
