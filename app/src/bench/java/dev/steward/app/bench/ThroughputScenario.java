package dev.steward.app.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Scenario 3: sessions per second to RUNNING on the hollow engine, at each number of concurrent
 * creations, next to the Temporal floor: as many no-op sessions of the same shape at once.
 */
final class ThroughputScenario {

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
            CreatedSessions created = round(concurrency);
            double floor = floor(concurrency);
            double rate = created.perSecond();
            boolean judged = concurrency == 100;
            report.row(new BenchRow(3, "sessions/s to RUNNING, " + concurrency + " concurrent, hollow engine",
                    String.format("%.1f /s", rate), String.format("Temporal %.1f /s (%.0f%%)", floor, 100 * rate / floor),
                    judged ? ">= 60% of the floor" : "-", judged ? rate >= 0.6 * floor : null));
            plot.add("Steward", concurrency, rate).add("Temporal floor", concurrency, floor);
        }
        return idle;
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
