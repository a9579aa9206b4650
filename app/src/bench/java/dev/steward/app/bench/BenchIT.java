package dev.steward.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The quick benchmark, as {@code ./steward bench --quick} runs it, so that the suite cannot rot: it
 * must run every scenario and write a report, results, raw numbers and plots with sane figures.
 * Whether a target is met depends on the machine and is the report's business, not this test's.
 */
class BenchIT {

    @Test
    void theQuickBenchRunsEveryScenarioAndWritesItsReport() throws Exception {
        Path out = Path.of("target", "bench-it");
        BenchOptions options = BenchOptions.quick(out);

        List<BenchRow> rows = Bench.run(options).rows();

        Set<Integer> scenarios = rows.stream().map(BenchRow::scenario).collect(Collectors.toSet());
        assertEquals(Set.of(1, 2, 3, 4, 5, 6, 7), scenarios, "every scenario reported");
        for (String file : List.of("report.md", "results.csv", "raw.csv", "startup.png", "startup-steps.png", "kill.png",
                "throughput.png", "scale.png", "history.png")) {
            assertTrue(Files.size(out.resolve(file)) > 0, file + " written");
        }
        String report = Files.readString(out.resolve("report.md"));
        for (String step : StartupScenario.STEPS) {
            assertTrue(report.contains("| " + step + " |"), "the breakdown has " + step);
        }
        List<String> raw = Files.readAllLines(out.resolve("raw.csv"));
        assertTrue(raw.stream().skip(1).filter(line -> line.startsWith("startup/steward,")).count() == options.startups(),
                "one POST to RUNNING per startup session");
        assertTrue(raw.stream().skip(1).filter(line -> line.startsWith("kill/repair,")).count() == options.kills(),
                "one repair per kill");
        assertTrue(raw.stream().skip(1).anyMatch(line -> line.startsWith("delivery/recorded-to-delivered,")),
                "deliveries timed");
        for (String line : raw.subList(1, raw.size())) {
            String series = line.substring(0, line.indexOf(','));
            long value = Long.parseLong(line.substring(line.lastIndexOf(',') + 1));
            // A step measured across two clocks may round below zero; a whole measurement never.
            assertTrue(series.startsWith("breakdown/") ? value > -1_000 : value > 0, "a sane value: " + line);
            assertTrue(value < 600_000, "a sane value: " + line);
        }
        assertTrue(rows.stream().anyMatch(r -> r.metric().contains("part restarting its pod")
                && r.measured().matches("\\d+ runs, \\d+ events")), "the part's runs counted");
    }
}
