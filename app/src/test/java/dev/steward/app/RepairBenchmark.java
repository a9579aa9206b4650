package dev.steward.app;

import com.github.dockerjava.api.DockerClient;
import dev.steward.app.session.SessionService;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.store.TransitionRepository;
import dev.steward.store.TransitionRow;
import io.micronaut.context.ApplicationContext;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;

/**
 * Kills running pod containers through the engine, one after another, and measures from each kill
 * until Steward knows (the pod's transition out of READY) and until the pod is READY again, with a
 * zero backoff. Self-contained: starts the service's context (in-process Temporal, the configured
 * PostgreSQL and engine). See README.md, "Benchmarks".
 *
 * <p>Arguments: {@code --kills N} (default 60), {@code --pods P} (default 10), {@code --events on|off}
 * (default on), {@code --resync DURATION} (default 5s).
 */
public final class RepairBenchmark {

    private static final Duration PER_KILL_DEADLINE = Duration.ofSeconds(120);

    private RepairBenchmark() {}

    public static void main(String[] args) throws InterruptedException {
        Map<String, String> options = parse(args);
        int kills = Integer.parseInt(options.getOrDefault("kills", "60"));
        int podCount = Integer.parseInt(options.getOrDefault("pods", "10"));
        boolean events = !"off".equals(options.getOrDefault("events", "on"));
        String resync = options.getOrDefault("resync", "5s");
        Map<String, Object> properties = Map.of(
                "micronaut.server.port", -1,
                "steward.reconcile.backoff-base", "0s",
                "steward.reconcile.max-restarts", 0,
                "steward.reconcile.resync-interval", resync,
                "steward.reconcile.events-enabled", events,
                "steward.reconcile.deployment", "bench-" + UUID.randomUUID().toString().substring(0, 8));
        try (ApplicationContext context = ApplicationContext.run(properties)) {
            run(context, kills, podCount, events, resync);
        }
    }

    private static void run(ApplicationContext context, int kills, int podCount, boolean events, String resync)
            throws InterruptedException {
        SessionService sessions = context.getBean(SessionService.class);
        DockerClient docker = context.getBean(DockerClient.class);
        TransitionRepository transitions = context.getBean(TransitionRepository.class);

        List<PodSpec> pods = IntStream.range(0, podCount)
                .mapToObj(i -> new PodSpec("p" + i, Specs.BUSYBOX, List.of("sleep", "3600"), Map.of(), List.of()))
                .toList();
        UUID id = sessions.create(new SessionSpec("bench", DesiredStatus.RUNNING,
                List.of(new PartSpec("bench", pods)), null)).id();
        SessionView running = awaitSession(sessions, id, SessionStatus.RUNNING);

        List<Long> detection = new ArrayList<>();
        List<Long> repair = new ArrayList<>();
        for (int kill = 0; kill < kills; kill++) {
            PodView pod = running.parts().getFirst().pods().get(kill % podCount);
            Instant killedAt = Instant.now();
            docker.killContainerCmd(pod.containerId()).exec();
            long deadline = System.nanoTime() + PER_KILL_DEADLINE.toNanos();
            Instant detected = null;
            Instant repaired = null;
            while (repaired == null) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("pod " + pod.name() + " not repaired within " + PER_KILL_DEADLINE);
                }
                Thread.sleep(5);
                List<TransitionRow> after = transitions.findBySessionIdOldestFirst(id).stream()
                        .filter(t -> t.resource().equals("bench/" + pod.name()) && !t.occurredAt().isBefore(killedAt))
                        .toList();
                Optional<TransitionRow> left = after.stream()
                        .filter(t -> PodStatus.READY.name().equals(t.fromStatus())).findFirst();
                if (left.isPresent()) {
                    detected = left.get().occurredAt();
                    repaired = after.stream()
                            .filter(t -> !t.occurredAt().isBefore(left.get().occurredAt()))
                            .filter(t -> PodStatus.READY.name().equals(t.toStatus()))
                            .map(TransitionRow::occurredAt).findFirst().orElse(null);
                }
            }
            detection.add(Duration.between(killedAt, detected).toMillis());
            repair.add(Duration.between(killedAt, repaired).toMillis());
            running = sessions.get(id);
        }
        sessions.setDesiredStatus(id, DesiredStatus.DELETED.name());
        awaitSession(sessions, id, SessionStatus.DELETED);

        System.out.printf("repair benchmark: %d kills over %d pods, backoff base 0, events %s, resync %s%n",
                kills, podCount, events ? "on" : "off", resync);
        System.out.println("  detection (kill -> Steward knows): " + summary(detection));
        System.out.println("  repair    (kill -> READY again):   " + summary(repair));
    }

    static String summary(List<Long> millis) {
        List<Long> sorted = new ArrayList<>(millis);
        Collections.sort(sorted);
        return String.format("p50 %d ms, p99 %d ms, max %d ms", percentile(sorted, 50), percentile(sorted, 99),
                sorted.getLast());
    }

    static long percentile(List<Long> sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, rank - 1));
    }

    static SessionView awaitSession(SessionService sessions, UUID id, SessionStatus status)
            throws InterruptedException {
        long deadline = System.nanoTime() + PER_KILL_DEADLINE.toNanos();
        SessionView view = sessions.get(id);
        while (view.status() != status) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("session " + id + " not " + status + ": " + view);
            }
            Thread.sleep(50);
            view = sessions.get(id);
        }
        return view;
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> options = new java.util.HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value pairs, got " + args[i]);
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }
}
