package dev.steward.workflow;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Polls until a condition holds, or fails the test at a deadline with the last value seen. */
public final class Eventually {

    public static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final long POLL_MILLIS = 20;

    private Eventually() {}

    public static <T> T await(String what, Supplier<T> probe, Predicate<? super T> done) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            T seen = probe.get();
            if (done.test(seen)) {
                return seen;
            }
            if (System.nanoTime() > deadline) {
                return fail("not reached within " + DEADLINE.toSeconds() + " s: " + what + "; last seen: " + seen);
            }
            try {
                Thread.sleep(POLL_MILLIS); // the poll interval; the condition above decides
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return fail("interrupted while waiting for " + what);
            }
        }
    }
}
