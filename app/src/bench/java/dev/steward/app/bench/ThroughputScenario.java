package dev.steward.app.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

/**
 * Scenario 3: sessions per second to RUNNING on the hollow engine, at each number of concurrent
 * creations, next to the Temporal floor: as many no-op sessions of the same shape at once.
 */
final class ThroughputScenario {

    /** The concurrency the target is judged at. */
    private static final int JUDGED = 100;
    /** Rounds of each side at {@link #JUDGED}, taken in turn; the report gives the medians. */
    private static final int JUDGED_ROUNDS = 3;

    private final BenchService service;
    private final HollowSessions hollow;
    private final BenchReport report;

    ThroughputScenario(BenchService service, HollowSessions hollow, BenchReport report) {
        this.service = service;
        this.hollow = hollow;
        this.report = report;
    }

    /** @return POST to RUNNING of one session alone on the hollow engine (p50 of a few), the idle latency */
    long run(List<Integer> concurrencies) throws Exception {
        List<Long> alone = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            alone.add(round(1).millis());
        }
        long idle = new Samples(alone).p(50);
        report.raw("throughput/alone", alone);
        BenchPlot plot = report.plot("throughput.png", "Sessions per second to RUNNING, hollow engine",
                "concurrent creations", "sessions/s", true);
        // One untimed round of each first, at the smallest concurrency measured: a rate is not the JIT's
        // warm-up, and neither side is measured colder than the other.
        int warmUp = concurrencies.stream().min(Integer::compare).orElse(1);
        round(warmUp);
        floor(warmUp);
        for (int concurrency : concurrencies) {
            boolean judged = concurrency == JUDGED;
            // The judged rate is the median of rounds taken in turn with the floor's: one round of each moves
            // with what the machine does meanwhile (the floor alone has ranged from 10 to 16 /s between runs).
            List<Double> rates = new ArrayList<>();
            List<Double> floors = new ArrayList<>();
            for (int i = 0; i < (judged ? JUDGED_ROUNDS : 1); i++) {
                rates.add(round(concurrency).perSecond());
                floors.add(floor(concurrency));
            }
            double rate = median(rates);
            double floor = median(floors);
            report.row(new BenchRow(3, "sessions/s to RUNNING, " + concurrency + " concurrent, hollow engine",
                    String.format("%.1f /s", rate) + rounds(rates),
                    String.format("Temporal %.1f /s", floor) + rounds(floors) + String.format(" (%.0f%%)", 100 * rate / floor),
                    judged ? ">= 60% of the floor" : "-", judged ? rate >= 0.6 * floor : null));
            plot.add("Steward", concurrency, rate).add("Temporal floor", concurrency, floor);
        }
        return idle;
    }

    /** Each round's rate, when there were several: " (median of 6.1, 6.6, 7.0)". */
    private static String rounds(List<Double> rates) {
        return rates.size() < 2 ? "" : rates.stream().map(r -> String.format("%.1f", r))
                .collect(Collectors.joining(", ", " (median of ", ")"));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private CreatedSessions round(int concurrency) throws Exception {
        String owner = "bench-rate-" + concurrency + "-" + service.run() + "-" + System.nanoTime();
        CreatedSessions created = hollow.create(owner, concurrency, concurrency, Duration.ofMinutes(15));
        service.deleteAll(created.ids(), Duration.ofMinutes(15));
        return created;
    }

    /** No-op sessions of the same shape, {@code concurrency} at once: their rate to completion. */
    private double floor(int concurrency) throws Exception {
        long started = System.nanoTime();
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Long>> runs = new ArrayList<>();
            for (int i = 0; i < concurrency; i++) {
                runs.add(clients.submit(service::floorSession));
            }
            for (Future<Long> run : runs) {
                run.get();
            }
        }
        return concurrency * 1000.0 / Math.max(1, (System.nanoTime() - started) / 1_000_000);
    }
}
