package dev.steward.app.http.problem;

import java.util.function.Predicate;

/** Looks through a failure's cause chain, where drivers and SDKs leave what really went wrong. */
final class Causes {

    /** Enough for any real wrapping; a bound against cause chains that loop. */
    private static final int MAX_DEPTH = 32;

    private Causes() {}

    static boolean any(Throwable failure, Predicate<Throwable> test) {
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_DEPTH; depth++, cause = cause.getCause()) {
            if (test.test(cause)) {
                return true;
            }
        }
        return false;
    }
}
