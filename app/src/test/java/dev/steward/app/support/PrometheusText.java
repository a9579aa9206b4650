package dev.steward.app.support;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One scrape of {@code /prometheus}, read as samples: a name, its labels, a value. */
public final class PrometheusText {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final List<Sample> samples = new ArrayList<>();

    public PrometheusText(String text) {
        for (String line : text.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (line.startsWith("#") || !sample.matches()) {
                continue;
            }
            Map<String, String> labels = new HashMap<>();
            Matcher label = LABEL.matcher(sample.group(2) == null ? "" : sample.group(2));
            while (label.find()) {
                labels.put(label.group(1), label.group(2));
            }
            samples.add(new Sample(sample.group(1), labels, Double.parseDouble(sample.group(3))));
        }
    }

    /** The sum over the samples of {@code name} that carry every one of {@code labels}; 0 when there is none. */
    public double sum(String name, Map<String, String> labels) {
        return samples.stream()
                .filter(s -> s.name().equals(name) && s.labels().entrySet().containsAll(labels.entrySet()))
                .mapToDouble(Sample::value)
                .sum();
    }

    public double sum(String name) {
        return sum(name, Map.of());
    }

    public boolean has(String name) {
        return samples.stream().anyMatch(s -> s.name().equals(name));
    }

    private record Sample(String name, Map<String, String> labels, double value) {}
}
