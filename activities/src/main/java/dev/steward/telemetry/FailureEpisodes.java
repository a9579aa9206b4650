package dev.steward.telemetry;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;

/**
 * Logs a failure that is retried once per episode: the first failure of a subject at WARN, in one
 * line; the next ones at DEBUG; the first success after them at INFO. An engine that is down for a
 * minute is then two lines in the log, not a stack trace per attempt.
 */
public final class FailureEpisodes {

    private static final int MAX_DESCRIPTION = 300;

    private final Logger log;
    /** Failures in a row, by subject; a subject is absent while it works. */
    private final Map<String, Integer> failing = new ConcurrentHashMap<>();

    public FailureEpisodes(Logger log) {
        this.log = log;
    }

    /**
     * @param subject what failed, e.g. {@code host local}
     * @param next what happens next, e.g. {@code retried by Temporal}
     */
    public void failed(String subject, String next, Throwable failure) {
        int inARow = failing.merge(subject, 1, Integer::sum);
        if (inARow == 1) {
            log.warn("{}: {}; {} (said again when it works)", subject, describe(failure), next);
        } else {
            log.debug("{}: failed again ({} in a row)", subject, inARow, failure);
        }
    }

    public void succeeded(String subject) {
        Integer failures = failing.remove(subject);
        if (failures != null) {
            log.info("{}: works again after {} failed attempts", subject, failures);
        }
    }

    /** What failed and, when it differs, the innermost cause: the one that says what happened. */
    public static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = summary(failure) + (root == failure ? "" : " (" + summary(root) + ")");
        return text.length() > MAX_DESCRIPTION ? text.substring(0, MAX_DESCRIPTION) + "..." : text;
    }

    private static String summary(Throwable t) {
        return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }
}
