package dev.steward.app.bench;

import dev.steward.activity.EngineActivities;
import dev.steward.contract.HostSyncActivities;
import dev.steward.contract.StewardLabels;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * Scenario 4: many live sessions of 2 x 2 hollow pods in one worker: the service's heap after a full GC
 * (Temporal runs in a process of its own), threads, the database's size, how long a resync of the hollow
 * host takes, and POST to RUNNING of one more session while they all run, next to the same alone.
 */
final class ScaleScenario {

    private static final long MIB = 1024 * 1024;

    private final BenchService service;
    private final HollowSessions hollow;
    private final String host;
    private final BenchReport report;

    ScaleScenario(BenchService service, HollowSessions hollow, String host, BenchReport report) {
        this.service = service;
        this.hollow = hollow;
        this.host = host;
        this.report = report;
    }

    /**
     * Brings the live sessions up to each count in turn, the larger counts adding to the sessions of
     * the smaller (10,000 after 1,000 creates 9,000 more), and deletes them all at the end.
     */
    void run(List<Integer> counts, long idleMillis) throws Exception {
        BenchPlot heap = report.plot("scale.png", "Heap after GC with live sessions (MiB)", "live sessions", "MiB", true);
        String owner = "bench-scale-" + service.run();
        List<UUID> live = new ArrayList<>();
        for (int count : counts.stream().sorted().toList()) {
            // A second a session at the least: on 2 cores the real server brings about 2.5 a second to RUNNING.
            int adding = count - live.size();
            CreatedSessions added = hollow.create(owner, adding, 100, Duration.ofSeconds(Math.max(3600, adding)));
            live.addAll(added.ids());
            long heapMib = heapAfterGc() / MIB;
            int threads = ManagementFactory.getThreadMXBean().getThreadCount();
            long databaseMib = service.databaseBytes() / MIB;
            ResyncMillis resync = resyncMillis();
            long oneMore = oneMore();
            boolean judged = count >= 10_000;
            report.row(new BenchRow(4, count + " live sessions (" + 4 * count + " pods): the service's heap after GC",
                    heapMib + " MiB", "-", judged ? "< 1024 MiB at 10,000" : "-", judged ? heapMib < 1024 : null));
            report.row(new BenchRow(4, count + " live sessions: threads, PostgreSQL size", threads + " threads, "
                    + databaseMib + " MiB", "-", "-", null));
            report.row(new BenchRow(4, count + " live sessions: resync of the hollow host (" + 4 * count
                    + " containers), median of 3", resync.whole() + " ms", "the engine's listing alone "
                    + resync.listing() + " ms", judged ? "< 2000 ms for 40,000 containers" : "-",
                    judged ? resync.whole() < 2000 : null));
            report.row(new BenchRow(4, count + " live sessions: the same resync sweeping leftover networks and volumes"
                    + " too, as one every few minutes does, median of 3", resync.sweeping() + " ms",
                    "-", "-", null));
            report.row(new BenchRow(4, count + " live sessions: POST to RUNNING of one more", oneMore + " ms",
                    "alone " + idleMillis + " ms", "< " + 2 * idleMillis + " ms (2x alone)", oneMore < 2 * idleMillis));
            heap.add("heap after GC", count, heapMib);
            // What the full run's length is estimated from.
            report.note("the live sessions went from " + (live.size() - added.ids().size()) + " to " + count + " in "
                    + added.millis() + " ms (" + String.format("%.1f", added.perSecond())
                    + " /s, at most 100 in flight until RUNNING)");
        }
        long deleting = System.nanoTime();
        service.deleteAll(live, Duration.ofSeconds(Math.max(3600, live.size())));
        long deleted = (System.nanoTime() - deleting) / 1_000_000;
        report.note(live.size() + " live sessions were deleted in " + deleted + " ms ("
                + String.format("%.1f", live.size() * 1000.0 / Math.max(1, deleted)) + " /s, at most "
                + BenchService.DELETIONS_IN_FLIGHT + " in flight until DELETED)");
    }

    private static long heapAfterGc() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /**
     * The host's resync as its workflow runs it (one listing of every container, compared with the read
     * model), its floor: the listing alone, through the same client, and the resync that also sweeps leftover
     * networks and volumes, as one in every few minutes does. Each the median of three in a row.
     */
    private ResyncMillis resyncMillis() {
        EngineActivities engines = service.context().getBean(EngineActivities.class);
        HostSyncActivities sync = engines.hostSync(host, engines.containers(host));
        return new ResyncMillis(
                medianMillis(() -> sync.resync(service.deployment(), 3600, false)),
                medianMillis(() -> engines.containers(host).listContainers(StewardLabels.forDeployment(service.deployment()))),
                medianMillis(() -> sync.resync(service.deployment(), 3600, true)));
    }

    private record ResyncMillis(long whole, long listing, long sweeping) {}

    private static long medianMillis(Runnable action) {
        long[] millis = new long[3];
        for (int i = 0; i < millis.length; i++) {
            long started = System.nanoTime();
            action.run();
            millis[i] = (System.nanoTime() - started) / 1_000_000;
        }
        Arrays.sort(millis);
        return millis[1];
    }

    private long oneMore() throws Exception {
        String owner = "bench-one-more-" + service.run();
        Instant posted = Instant.now();
        UUID id = hollow.createOne(owner);
        long took = Duration.between(posted, service.awaitStatus(id, "RUNNING", Duration.ofMinutes(5), 5)).toMillis();
        service.deleteAll(List.of(id), Duration.ofMinutes(5));
        return took;
    }
}
