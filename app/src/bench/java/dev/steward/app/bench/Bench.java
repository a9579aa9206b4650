package dev.steward.app.bench;

import dev.steward.app.support.hollow.HollowEngine;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

/**
 * The benchmark suite: the seven scenarios, each next to its floor measured in the same run, in one
 * process with the service and a hollow engine, against the real Temporal server in a process of its own; writes {@code report.md},
 * {@code results.csv}, {@code raw.csv} and PNG plots. See docs/benchmarks.md.
 *
 * <p>Arguments: see {@link BenchOptions#parse}.
 */
public final class Bench {

    /** Scenario 6's subscriptions, as its target is stated. */
    private static final int DELIVERY_SUBSCRIPTIONS = 10;
    /** How long scenario 7 holds its streams, and none, while measuring the CPU used. */
    private static final java.time.Duration STREAMS_IDLE = java.time.Duration.ofSeconds(10);

    private Bench() {}

    public static void main(String[] args) throws Exception {
        BenchOptions options = BenchOptions.parse(args);
        BenchReport report = run(options);
        long missed = report.rows().stream().filter(r -> Boolean.FALSE.equals(r.met())).count();
        System.out.println("bench: report in " + options.out().toAbsolutePath().resolve("report.md") + "; " + missed
                + " target(s) missed");
        System.exit(0);
    }

    static BenchReport run(BenchOptions options) throws Exception {
        BenchReport report = new BenchReport();
        String machine = machine();
        try (BenchService service = new BenchService(options.settings()); HollowEngine engine = HollowEngine.start()) {
            if (options.scenarios().contains(1)) {
                new StartupScenario(service, report).run(options.startups());
            }
            if (options.scenarios().contains(2)) {
                new KillScenario(service, report).run(options.kills());
            }
            if (options.scenarios().contains(6)) {
                new DeliveryScenario(service, report).run(options.deliveries(), DELIVERY_SUBSCRIPTIONS);
            }
            if (options.scenarios().contains(7)) {
                new StreamsScenario(service, report).run(options.streams(), STREAMS_IDLE);
            }
            if (options.scenarios().stream().anyMatch(n -> n >= 3 && n <= 5)) {
                onHollowEngine(options, service, engine, report);
            }
            if (service.refusedCreations() > 0) {
                report.note(service.refusedCreations() + " creations were refused with 503 (the service busy) and"
                        + " repeated after 100 ms, the time counted");
            }
        } catch (Exception failed) {
            // What was measured before the failure is still worth its report.
            report.note("the run failed and stopped here: " + failed);
            throw failed;
        } finally {
            if (!options.settings().isEmpty()) {
                report.note("settings other than the defaults: " + options.settings());
            }
            report.note("machine at the end: " + machine());
            report.write(options.out(), options, machine);
        }
        return report;
    }

    /** Scenarios 3 to 5, on a hollow engine registered as a host that only their pods select. */
    private static void onHollowEngine(BenchOptions options, BenchService service, HollowEngine engine, BenchReport report)
            throws Exception {
        String host = "bench-hollow-" + service.run();
        Map<String, String> selector = Map.of("bench", service.run());
        service.registerHost(host, engine.endpoint(), selector);
        HollowSessions hollow = new HollowSessions(service, selector);
        long idle = new ThroughputScenario(service, hollow, report).run(options.scenarios().contains(3)
                ? options.concurrency() : List.of());
        if (options.scenarios().contains(4)) {
            new ScaleScenario(service, hollow, host, report).run(options.live(), idle);
        }
        if (options.scenarios().contains(5)) {
            new HistoryScenario(service, engine, selector, report).run(options.partRestarts(), options.out());
        }
        // Only once every session is gone: a failure above leaves the host, as it leaves its sessions, to be seen.
        service.deleteHost(host);
    }

    /** Cores and load: figures taken on a busy machine are pessimistic, and the report says how busy it was. */
    private static String machine() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os.getAvailableProcessors() + " cores, load average " + String.format("%.2f", os.getSystemLoadAverage())
                + ", Java " + Runtime.version() + ", max heap " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB";
    }
}
