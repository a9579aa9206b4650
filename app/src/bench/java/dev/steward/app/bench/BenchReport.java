package dev.steward.app.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/**
 * What a run measured: the table of figures next to their floors and targets, the raw numbers and
 * the breakdown of POST to RUNNING; written as {@code report.md}, {@code results.csv},
 * {@code raw.csv} and one PNG plot per series group.
 */
final class BenchReport {

    private final List<BenchRow> rows = new ArrayList<>();
    /** Raw values by series name, e.g. {@code startup/steward}. */
    private final Map<String, List<Long>> raw = new LinkedHashMap<>();
    /** The plots: a title, axis names, and its series of (x, y) points. */
    private final Map<String, BenchPlot> plots = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private final Map<String, Samples> breakdown = new LinkedHashMap<>();

    void row(BenchRow row) {
        rows.add(row);
        System.out.printf("bench %d %-60s %-28s floor %-28s target %-24s %s%n", row.scenario(), row.metric(),
                row.measured(), row.floor(), row.target(), row.verdict());
    }

    void raw(String series, List<Long> values) {
        raw.computeIfAbsent(series, s -> new ArrayList<>()).addAll(values);
    }

    BenchPlot plot(String file, String title, String x, String y, boolean categories) {
        return plots.computeIfAbsent(file, f -> new BenchPlot(title, x, y, categories));
    }

    void note(String note) {
        notes.add(note);
        System.out.println("bench note: " + note);
    }

    void breakdown(String step, Samples samples) {
        breakdown.put(step, samples);
    }

    List<BenchRow> rows() {
        return List.copyOf(rows);
    }

    void write(Path dir, BenchOptions options, String machine) throws IOException {
        Files.createDirectories(dir);
        StringBuilder md = new StringBuilder();
        md.append("# Steward benchmark\n\n")
                .append(options.quick() ? "Quick run (`./steward bench --quick`): small counts, figures indicative only.\n\n"
                        : "Full run (`./steward bench`).\n\n")
                .append("Taken ").append(Instant.now()).append("; the machine at the start: ").append(machine).append(".\n\n")
                .append("| # | measured | value | floor (same run) | target | |\n|---|---|---|---|---|---|\n");
        for (BenchRow row : rows) {
            md.append("| ").append(row.scenario()).append(" | ").append(row.metric()).append(" | ").append(row.measured())
                    .append(" | ").append(row.floor()).append(" | ").append(row.target()).append(" | ")
                    .append(row.verdict()).append(" |\n");
        }
        if (!breakdown.isEmpty()) {
            md.append("\n## Where POST to RUNNING goes (Podman, 2 x 2 pods)\n\n")
                    .append("Per step, from the client's clock and the recorded transitions (p50 / p90 / p99).\n\n")
                    .append("| step | p50 / p90 / p99 |\n|---|---|\n");
            breakdown.forEach((step, s) -> md.append("| ").append(step).append(" | ").append(s.summary()).append(" |\n"));
        }
        if (!notes.isEmpty()) {
            md.append("\n## Notes\n\n");
            notes.forEach(n -> md.append("- ").append(n).append('\n'));
        }
        md.append("\n## Plots\n\n");
        for (String file : plots.keySet()) {
            if (plots.get(file).series().isEmpty()) {
                continue;
            }
            md.append("![").append(plots.get(file).title()).append("](").append(file).append(")\n");
        }
        Files.writeString(dir.resolve("report.md"), md);

        StringBuilder results = new StringBuilder("scenario,metric,measured,floor,target,verdict\n");
        rows.forEach(r -> results.append(r.scenario()).append(',').append(csv(r.metric())).append(',')
                .append(csv(r.measured())).append(',').append(csv(r.floor())).append(',').append(csv(r.target()))
                .append(',').append(r.verdict()).append('\n'));
        Files.writeString(dir.resolve("results.csv"), results);

        StringBuilder values = new StringBuilder("series,index,value\n");
        raw.forEach((series, list) -> {
            for (int i = 0; i < list.size(); i++) {
                values.append(series).append(',').append(i).append(',').append(list.get(i)).append('\n');
            }
        });
        breakdown.forEach((step, s) -> {
            for (int i = 0; i < s.values().size(); i++) {
                values.append("breakdown/").append(step.replace(' ', '-')).append(',').append(i).append(',')
                        .append(s.values().get(i)).append('\n');
            }
        });
        Files.writeString(dir.resolve("raw.csv"), values);

        System.setProperty("java.awt.headless", "true");
        for (Map.Entry<String, BenchPlot> plot : plots.entrySet()) {
            if (!plot.getValue().series().isEmpty()) {
                draw(plot.getValue(), dir.resolve(plot.getKey()));
            }
        }
    }

    private static void draw(BenchPlot plot, Path file) throws IOException {
        if (plot.categories()) {
            CategoryChart chart = new CategoryChartBuilder().width(900).height(500).title(plot.title())
                    .xAxisTitle(plot.x()).yAxisTitle(plot.y()).build();
            plot.series().forEach((name, points) -> chart.addSeries(name,
                    points.stream().map(p -> String.valueOf(p.x())).toList(),
                    points.stream().map(p -> (Number) p.y()).toList()));
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        } else {
            XYChart chart = new XYChartBuilder().width(900).height(500).title(plot.title())
                    .xAxisTitle(plot.x()).yAxisTitle(plot.y()).build();
            plot.series().forEach((name, points) -> chart.addSeries(name,
                    points.stream().map(p -> (Number) p.x()).toList(),
                    points.stream().map(p -> (Number) p.y()).toList()));
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        }
    }

    private static String csv(String text) {
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }
}
