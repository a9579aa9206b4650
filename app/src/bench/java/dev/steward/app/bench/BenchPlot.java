package dev.steward.app.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One PNG plot of the report: its series of points, by name; {@code categories} draws bars over x values. */
record BenchPlot(String title, String x, String y, boolean categories, Map<String, List<BenchPoint>> series) {

    BenchPlot(String title, String x, String y, boolean categories) {
        this(title, x, y, categories, new LinkedHashMap<>());
    }

    BenchPlot add(String name, double x, double y) {
        series.computeIfAbsent(name, n -> new ArrayList<>()).add(new BenchPoint(x, y));
        return this;
    }

    /** Every value of {@code samples} against its rank. */
    BenchPlot addAll(String name, List<Long> samples) {
        for (int i = 0; i < samples.size(); i++) {
            add(name, i + 1, samples.get(i));
        }
        return this;
    }
}
