package dev.steward.app.bench;

import com.sun.management.OperatingSystemMXBean;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Scenario 7: open event streams, as dashboards hold them. {@code streams} server-sent event streams are
 * opened (each its own connection) and held while nothing happens: the CPU the service's process uses
 * meanwhile next to the same with none open, and {@code GET /api/v1/sessions} with them open next to
 * without.
 */
final class StreamsScenario {

    private static final int LISTINGS = 30;

    private final BenchService service;
    private final BenchReport report;

    StreamsScenario(BenchService service, BenchReport report) {
        this.service = service;
        this.report = report;
    }

    void run(int streams, Duration idle) throws Exception {
        String owner = "bench-streams-" + service.run();
        timedListings(owner); // warm
        double without = coresUsedOver(idle);
        Samples listedWithout = timedListings(owner);
        List<InputStream> open = new ArrayList<>();
        try {
            for (int i = 0; i < streams; i++) {
                open.add(service.openStream("/api/v1/events/stream?owner=" + owner));
            }
            double with = coresUsedOver(idle);
            Samples listedWith = timedListings(owner);
            double cost = 100 * (with - without);
            report.row(new BenchRow(7, streams + " open event streams while idle: CPU of the service's process",
                    String.format("%.1f%% of one core (%.1f%% more than with none)", 100 * with, cost),
                    String.format("none open %.1f%%", 100 * without), "< 5% of one core more", cost < 5));
            report.row(new BenchRow(7, "GET /api/v1/sessions with " + streams + " streams open, p50 / p90 / p99",
                    listedWith.summary(), "none open " + listedWithout.summary(), "-", null));
        } finally {
            for (InputStream stream : open) {
                stream.close();
            }
        }
    }

    /** The share of one core the process used over {@code idle}, while the scenario waits. */
    private static double coresUsedOver(Duration idle) throws InterruptedException {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpuBefore = os.getProcessCpuTime();
        long before = System.nanoTime();
        Thread.sleep(idle);
        return (double) (os.getProcessCpuTime() - cpuBefore) / (System.nanoTime() - before);
    }

    private Samples timedListings(String owner) {
        List<Long> took = new ArrayList<>();
        for (int i = 0; i < LISTINGS; i++) {
            long started = System.nanoTime();
            service.listSessions(owner);
            took.add((System.nanoTime() - started) / 1_000_000);
        }
        return new Samples(took);
    }
}
