package dev.steward.app.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Event;
import dev.steward.store.TransitionRow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Scenario 2: a running pod killed through the engine, with default settings: how long until Steward
 * knows (the pod's transition out of READY) and until it is READY again. Each pod is killed once, so
 * every kill is the first crash in its stable window. Next to the floor: the engine's own kill to
 * {@code die} event latency, on a container of its own.
 */
final class KillScenario {

    private static final Duration PER_KILL = Duration.ofMinutes(2);

    private final BenchService service;
    private final BenchReport report;

    KillScenario(BenchService service, BenchReport report) {
        this.service = service;
        this.report = report;
    }

    void run(int kills) throws Exception {
        String owner = "bench-kill-" + service.run();
        List<Object> pods = new ArrayList<>();
        for (int i = 0; i < kills; i++) {
            pods.add(BenchService.pod("p" + i, null));
        }
        UUID id = service.create(Map.of("owner", owner, "parts", List.of(Map.of("name", "kill", "pods", pods))));
        service.awaitStatus(id, "RUNNING", Duration.ofMinutes(5), 100);
        DockerClient docker = service.docker();
        List<Long> detection = new ArrayList<>();
        List<Long> repair = new ArrayList<>();
        for (JsonNode pod : service.get(id).get("parts").get(0).get("pods")) {
            String resource = "kill/" + pod.get("name").asText();
            Instant killed = Instant.now();
            docker.killContainerCmd(pod.get("containerId").asText()).exec();
            Instant[] seen = awaitRepair(id, resource, killed);
            detection.add(Duration.between(killed, seen[0]).toMillis());
            repair.add(Duration.between(killed, seen[1]).toMillis());
        }
        service.delete(id);
        service.awaitStatus(id, "DELETED", Duration.ofMinutes(5), 100);

        EngineFloor floor = engineFloor(docker, kills);
        Samples d = new Samples(detection);
        Samples r = new Samples(repair);
        Samples e = new Samples(floor.dieEvents());
        Samples restart = new Samples(floor.restarts());
        report.row(new BenchRow(2, "kill to READY again, default settings, p50 / p90 / p99", r.summary(),
                "engine kill to running again, started at its die event " + restart.summary(),
                "p50 <= " + (restart.p(50) + 100) + " ms, p99 < 1000 ms", r.p(50) <= restart.p(50) + 100 && r.p(99) < 1000));
        report.row(new BenchRow(2, "kill to detection (pod leaves READY), p50 / p90 / p99", d.summary(),
                "engine kill to die event " + e.summary(), "p50 <= " + (e.p(50) + 50) + " ms", d.p(50) <= e.p(50) + 50));
        report.raw("kill/detection", detection);
        report.raw("kill/repair", repair);
        report.raw("kill/engine-die-event", floor.dieEvents());
        report.raw("kill/engine-restart", floor.restarts());
        report.plot("kill.png", "Kill to detection and to READY again, Podman, default settings", "kill", "ms", false)
                .addAll("repair", repair).addAll("detection", detection).addAll("engine die event", floor.dieEvents())
                .addAll("engine restart", floor.restarts());
    }

    /** When the pod left READY after {@code killed}, and when it was READY again, from its transitions. */
    private Instant[] awaitRepair(UUID id, String resource, Instant killed) throws InterruptedException {
        long deadline = System.nanoTime() + PER_KILL.toNanos();
        while (System.nanoTime() < deadline) {
            List<TransitionRow> after = service.transitions(id).stream()
                    .filter(t -> t.resource().equals(resource) && !t.occurredAt().isBefore(killed)).toList();
            Optional<TransitionRow> left = after.stream().filter(t -> "READY".equals(t.fromStatus())).findFirst();
            if (left.isPresent()) {
                Optional<Instant> back = after.stream()
                        .filter(t -> !t.occurredAt().isBefore(left.get().occurredAt()) && "READY".equals(t.toStatus()))
                        .map(TransitionRow::occurredAt).findFirst();
                if (back.isPresent()) {
                    return new Instant[] {left.get().occurredAt(), back.get()};
                }
            }
            Thread.sleep(5);
        }
        throw new IllegalStateException(resource + " not READY again within " + PER_KILL);
    }

    /** The engine's own figures, in milliseconds from each kill: its die event, and its start call's return. */
    private record EngineFloor(List<Long> dieEvents, List<Long> restarts) {
    }

    /**
     * The engine's floor: a container of its own killed {@code kills} times, each time until its die
     * event arrives, then started again at once (running when the start call returns).
     */
    private EngineFloor engineFloor(DockerClient docker, int kills) throws Exception {
        String name = "bench-die-" + UUID.randomUUID().toString().substring(0, 8);
        Map<String, String> label = Map.of("bench.floor", service.run());
        String id = docker.createContainerCmd(BenchService.BUSYBOX).withName(name).withLabels(label)
                .withCmd("sleep", "3600").exec().getId();
        LinkedBlockingQueue<String> starts = new LinkedBlockingQueue<>();
        LinkedBlockingQueue<Long> dies = new LinkedBlockingQueue<>();
        List<Long> dieEvents = new ArrayList<>();
        List<Long> restarts = new ArrayList<>();
        try (ResultCallback.Adapter<Event> events = docker.eventsCmd().withLabelFilter(label)
                .exec(new ResultCallback.Adapter<>() {
                    @Override
                    public void onNext(Event event) {
                        String action = event.getAction() != null ? event.getAction() : event.getStatus();
                        if ("die".equals(action)) {
                            dies.add(System.nanoTime());
                        } else if ("start".equals(action)) {
                            starts.add(action);
                        }
                    }
                })) {
            awaitFlowing(docker, id, starts);
            for (int i = 0; i < kills; i++) {
                dies.clear();
                starts.clear();
                long killed = System.nanoTime();
                docker.killContainerCmd(id).exec();
                Long died = dies.poll(30, TimeUnit.SECONDS);
                if (died == null) {
                    throw new IllegalStateException("no die event within 30 s of a kill");
                }
                dieEvents.add((died - killed) / 1_000_000);
                docker.startContainerCmd(id).exec();
                // Running once the start call returns, as Steward counts a pod's start.
                restarts.add((System.nanoTime() - killed) / 1_000_000);
                if (starts.poll(30, TimeUnit.SECONDS) == null) {
                    throw new IllegalStateException("no start event within 30 s of a start");
                }
            }
        } finally {
            docker.removeContainerCmd(id).withForce(true).exec();
        }
        return new EngineFloor(dieEvents, restarts);
    }

    /** Starts the container until its start event comes through the stream, which then flows. */
    private static void awaitFlowing(DockerClient docker, String id, LinkedBlockingQueue<String> starts)
            throws InterruptedException {
        for (int attempt = 0; attempt < 15; attempt++) {
            docker.startContainerCmd(id).exec();
            if (starts.poll(2, TimeUnit.SECONDS) != null) {
                return;
            }
            docker.killContainerCmd(id).exec();
        }
        throw new IllegalStateException("the engine's event stream carried no start event within 30 s");
    }
}
