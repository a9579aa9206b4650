package dev.steward.app.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Measured values of one kind, in milliseconds, and their percentiles (nearest rank). */
public record Samples(List<Long> values) {

    public Samples {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        values = List.copyOf(sorted);
    }

    public long p(int percentile) {
        if (values.isEmpty()) {
            return -1;
        }
        int rank = (int) Math.ceil(percentile / 100.0 * values.size());
        return values.get(Math.max(0, rank - 1));
    }

    public int count() {
        return values.size();
    }

    /** {@code p50 / p90 / p99 ms (n)} */
    public String summary() {
        return p(50) + " / " + p(90) + " / " + p(99) + " ms (n=" + count() + ")";
    }
}
