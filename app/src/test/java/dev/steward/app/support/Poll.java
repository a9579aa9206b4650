package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Polls until a condition holds, or fails the test at a deadline with the last value seen. */
public final class Poll {

    private Poll() {}

    /** Polls {@code probe} until {@code done} holds, for at most {@link SessionApi#DEADLINE}. */
    public static <T> T until(String what, Supplier<T> probe, Predicate<? super T> done) {
        return until(what, SessionApi.DEADLINE, probe, done);
    }

    public static <T> T until(String what, Duration deadline, Supplier<T> probe, Predicate<? super T> done) {
        long end = System.nanoTime() + deadline.toNanos();
        T seen = probe.get();
        while (!done.test(seen)) {
            if (System.nanoTime() > end) {
                return fail("not reached within " + deadline.toSeconds() + " s: " + what + "; last seen: " + seen);
            }
            SessionApi.pause();
            seen = probe.get();
        }
        return seen;
    }
}
