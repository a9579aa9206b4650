package dev.steward.app.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What the event and delivery benchmarks share: their options, their summaries and their waits. */
final class BenchmarkSupport {

    private static final Duration SESSION_DEADLINE = Duration.ofSeconds(120);

    private BenchmarkSupport() {}

    /** {@code --name value} pairs. */
    static Map<String, String> parse(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value pairs, got " + args[i]);
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }

    /** p50 / p90 / p99 of the values in milliseconds, and their count. */
    static String summary(List<Long> millis) {
        return new Samples(millis).summary();
    }

    static long percentile(List<Long> millis, int percentile) {
        return new Samples(millis).p(percentile);
    }
}
