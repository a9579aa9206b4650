package dev.steward.app.bench;

import com.github.dockerjava.api.DockerClient;
import dev.steward.model.ResourceKind;
import dev.steward.store.TransitionRow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Scenario 1: POST to RUNNING for 2 parts x 2 busybox pods on Podman, one session at a time, next to
 * its floors: 4 containers created and started in parallel through docker-java on the same engine, and
 * the session-shaped no-op workflow on the same Temporal. Breaks each session's time into its steps.
 */
final class StartupScenario {

    static final List<String> STEPS = List.of("API and row", "workflow start", "part start and placement",
            "create (last pod)", "start and record (last pod)", "roll-up to RUNNING", "seen by the client");

    private final BenchService service;
    private final BenchReport report;

    StartupScenario(BenchService service, BenchReport report) {
        this.service = service;
        this.report = report;
    }

    void run(int sessions) throws Exception {
        String owner = "bench-startup-" + service.run();
        sessionOnce(owner); // warm: the first of each kind pays for class loading and JIT
        List<Long> steward = new ArrayList<>();
        Map<String, List<Long>> steps = new LinkedHashMap<>();
        STEPS.forEach(step -> steps.put(step, new ArrayList<>()));
        for (int i = 0; i < sessions; i++) {
            Map<String, Long> measured = sessionOnce(owner);
            steward.add(measured.get("total"));
            STEPS.forEach(step -> steps.get(step).add(measured.get(step)));
        }
        DockerClient docker = service.docker();
        engineFloorOnce(docker, -1);
        service.floorSession();
        List<Long> engine = new ArrayList<>();
        List<Long> temporal = new ArrayList<>();
        for (int i = 0; i < sessions; i++) {
            engine.add(engineFloorOnce(docker, i));
            temporal.add(service.floorSession());
        }
        Samples s = new Samples(steward);
        Samples e = new Samples(engine);
        Samples t = new Samples(temporal);
        long allowed = e.p(50) + t.p(50) + 150;
        report.row(new BenchRow(1, "POST to RUNNING, 2 x 2 busybox on Podman, p50 / p90 / p99", s.summary(),
                "engine " + e.summary() + "; Temporal " + t.summary(), "p50 <= " + allowed + " ms, p99 < 2000 ms",
                s.p(50) <= allowed && s.p(99) < 2000));
        steps.forEach((step, values) -> report.breakdown(step, new Samples(values)));
        report.raw("startup/steward", steward);
        report.raw("startup/engine-floor", engine);
        report.raw("startup/temporal-floor", temporal);
        report.plot("startup.png", "POST to RUNNING, 2 x 2 pods on Podman", "session", "ms", false)
                .addAll("Steward", steward).addAll("engine floor (4 containers)", engine)
                .addAll("Temporal floor (no-op session)", temporal);
        BenchPlot breakdown = report.plot("startup-steps.png", "POST to RUNNING by step (p50)", "step", "ms", true);
        steps.forEach((step, values) -> breakdown.add(step, 0, new Samples(values).p(50)));
    }

    private Map<String, Long> sessionOnce(String owner) {
        Instant posted = Instant.now();
        UUID id = service.create(BenchService.twoByTwo(owner, null));
        Instant seen = service.awaitStatus(id, "RUNNING", Duration.ofMinutes(2), 5);
        Map<String, Long> measured = breakdown(posted, service.createdAt(id), service.transitions(id), seen);
        service.delete(id);
        service.awaitStatus(id, "DELETED", Duration.ofMinutes(2), 50);
        return measured;
    }

    /** Each step's milliseconds, from the transitions of the last pod to become READY. */
    private static Map<String, Long> breakdown(Instant posted, Instant row, List<TransitionRow> transitions, Instant seen) {
        Instant workflow = first(transitions, ResourceKind.SESSION, null, null);
        Instant running = first(transitions, ResourceKind.SESSION, null, "RUNNING");
        String lastPod = transitions.stream()
                .filter(t -> t.kind() == ResourceKind.POD && "READY".equals(t.toStatus()))
                .reduce((a, b) -> b).map(TransitionRow::resource).orElseThrow();
        Instant creating = first(transitions, ResourceKind.POD, lastPod, "CREATING");
        Instant starting = first(transitions, ResourceKind.POD, lastPod, "STARTING");
        Instant ready = first(transitions, ResourceKind.POD, lastPod, "READY");
        Map<String, Long> steps = new LinkedHashMap<>();
        steps.put("total", millis(posted, seen));
        List<Instant> marks = List.of(posted, row, workflow, creating, starting, ready, running, seen);
        for (int i = 0; i < STEPS.size(); i++) {
            steps.put(STEPS.get(i), millis(marks.get(i), marks.get(i + 1)));
        }
        return steps;
    }

    private static Instant first(List<TransitionRow> transitions, ResourceKind kind, String resource, String to) {
        return transitions.stream()
                .filter(t -> t.kind() == kind && (resource == null || resource.equals(t.resource()))
                        && (to == null || to.equals(t.toStatus())))
                .map(TransitionRow::occurredAt).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + kind + " " + resource + " transition to " + to));
    }

    /** 4 busybox containers created and started in parallel through docker-java, then removed; returns the time to all started. */
    private long engineFloorOnce(DockerClient docker, int round) throws Exception {
        List<String> ids = new ArrayList<>();
        long started = System.nanoTime();
        try (ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<String>> containers = new ArrayList<>();
            for (int k = 0; k < 4; k++) {
                String name = "bench-floor-" + UUID.randomUUID().toString().substring(0, 8) + "-" + round + "-" + k;
                containers.add(calls.submit(() -> {
                    String id = docker.createContainerCmd(BenchService.BUSYBOX).withName(name)
                            .withCmd("sleep", "3600").exec().getId();
                    docker.startContainerCmd(id).exec();
                    return id;
                }));
            }
            for (Future<String> c : containers) {
                ids.add(c.get());
            }
        }
        long took = (System.nanoTime() - started) / 1_000_000;
        ids.parallelStream().forEach(id -> docker.removeContainerCmd(id).withForce(true).exec());
        return took;
    }

    private static long millis(Instant from, Instant to) {
        return Duration.between(from, to).toMillis();
    }
}
