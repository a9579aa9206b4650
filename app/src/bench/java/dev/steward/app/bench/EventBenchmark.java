package dev.steward.app.bench;

import dev.steward.app.events.EventActions;
import dev.steward.app.support.EventDeliveries;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TestSecretsKey;
import dev.steward.model.ResourceKind;
import dev.steward.model.SessionStatus;
import dev.steward.store.TransitionRepository;
import dev.steward.store.TransitionRow;
import io.cloudevents.CloudEvent;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * CloudEvents in, measured on the real service (the tests' Temporal server, the configured PostgreSQL and
 * engine): how many events per second the webhook stores, how long a POST of one takes, and how long
 * from posting a {@code dev.steward.session.create} event to its session's RUNNING transition, next to
 * the same session created by {@code POST /api/v1/sessions}, alternating in one run. See docs/benchmarks.md,
 * "CloudEvents in".
 *
 * <p>Arguments: {@code --events N} (default 200: events into the store), {@code --sessions S} (default N:
 * sessions by event and as many by POST; 0 measures the store alone), {@code --senders C} (default 8:
 * concurrent senders into the store), {@code --in-flight K} (default 4: sessions starting at once).
 */
public final class EventBenchmark {

    private static final Duration SESSION_DEADLINE = Duration.ofSeconds(120);
    private static final String CREATE = "dev.steward.session.create";

    private EventBenchmark() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = BenchmarkSupport.parse(args);
        int events = Integer.parseInt(options.getOrDefault("events", "200"));
        int sessionCount = Integer.parseInt(options.getOrDefault("sessions", String.valueOf(events)));
        int senders = Integer.parseInt(options.getOrDefault("senders", "8"));
        int inFlight = Integer.parseInt(options.getOrDefault("in-flight", "4"));
        Map<String, Object> properties = Map.of(
                "micronaut.server.port", -1,
                "steward.secrets.key", TestSecretsKey.KEY,
                // Its senders deliver as fast as the service takes them: no rate holds them back.
                "steward.events.rate.per-minute", 1_000_000,
                "steward.events.rate.burst", 1_000_000,
                "steward.reconcile.deployment", "bench-" + UUID.randomUUID().toString().substring(0, 8));
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, properties)) {
            new EventBenchmark().run(server, events, sessionCount, senders, inFlight);
        }
        System.exit(0);
    }

    private void run(EmbeddedServer server, int events, int sessionCount, int senders, int inFlight)
            throws Exception {
        RawHttp http = new RawHttp(server.getURL());
        EventDeliveries deliveries = new EventDeliveries(http);
        String run = UUID.randomUUID().toString().substring(0, 8);
        String prefix = "https://bench.example.com/" + run + "/";
        String token = deliveries.registerSource("bench-" + run, prefix, List.of(),
                Map.of("owner", "bench-" + run, "types", List.of(CREATE)));
        TransitionRepository transitions = server.getApplicationContext().getBean(TransitionRepository.class);

        // Into the store: events that match nothing, from concurrent senders.
        List<Long> ingress = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(senders);
        long started = System.nanoTime();
        List<Future<?>> sent = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            sent.add(pool.submit(() -> {
                CloudEvent ping = EventDeliveries.event(prefix + "ping", "com.example.bench.ping", null, Map.of("n", 1));
                RawAnswer answer = deliveries.binary(token, ping);
                check(answer.status() == 202, answer);
                ingress.add(answer.took().toMillis());
            }));
        }
        for (Future<?> each : sent) {
            each.get();
        }
        double perSecond = events / ((System.nanoTime() - started) / 1e9);
        pool.shutdown();

        // To RUNNING: sessions by event and by POST, alternating, a few at a time.
        List<Long> byEvent = Collections.synchronizedList(new ArrayList<>());
        List<Long> byPost = Collections.synchronizedList(new ArrayList<>());
        List<UUID> made = Collections.synchronizedList(new ArrayList<>());
        ExecutorService starters = Executors.newFixedThreadPool(inFlight);
        List<Future<?>> starts = new ArrayList<>();
        for (int i = 0; i < 2 * sessionCount; i++) {
            boolean viaEvent = i % 2 == 0;
            starts.add(starters.submit(() -> {
                Map<String, Object> spec = Map.of("owner", "bench-" + run, "parts", List.of(Specs.part("main", "p")));
                Instant at = Instant.now();
                UUID id;
                if (viaEvent) {
                    CloudEvent create = EventDeliveries.event(prefix + "create", CREATE, null, spec);
                    RawAnswer answer = deliveries.structured(token, create);
                    check(answer.status() == 202, answer);
                    id = EventActions.sessionIdOf(create.getSource().toString(), create.getId());
                } else {
                    RawAnswer answer = http.json("POST", "/api/v1/sessions", new String(EventDeliveries.write(spec)));
                    check(answer.status() == 201, answer);
                    id = UUID.fromString(deliveries.read(answer).get("id").asText());
                }
                made.add(id);
                Instant running = await(() -> runningAt(transitions, id), "session " + id + " RUNNING");
                (viaEvent ? byEvent : byPost).add(Duration.between(at, running).toMillis());
                http.delete("/api/v1/sessions/" + id);
                return null;
            }));
        }
        for (Future<?> each : starts) {
            each.get();
        }
        starters.shutdown();
        for (UUID id : made) {
            await(() -> transitions.countSessionTransitionsTo(id, SessionStatus.DELETED.name()) > 0
                    ? Optional.of(Instant.now()) : Optional.empty(), "session " + id + " DELETED");
        }
        deliveries.deleteSource("bench-" + run);

        System.out.printf("event benchmark: %d events, %d senders; %d sessions each way, %d starting at once%n",
                events, senders, sessionCount, inFlight);
        System.out.printf("  into the store: %.0f events/s; POST latency %s (goal: p99 under 50 ms)%n", perSecond,
                BenchmarkSupport.summary(ingress));
        if (sessionCount == 0) {
            return;
        }
        System.out.println("  event -> RUNNING:          " + BenchmarkSupport.summary(byEvent));
        System.out.println("  POST /sessions -> RUNNING: " + BenchmarkSupport.summary(byPost));
        System.out.printf("  event minus POST: p50 %+d ms, p99 %+d ms (goal: within 150 ms)%n",
                BenchmarkSupport.percentile(byEvent, 50) - BenchmarkSupport.percentile(byPost, 50), BenchmarkSupport.percentile(byEvent, 99) - BenchmarkSupport.percentile(byPost, 99));
    }

    /** When the session's RUNNING transition was recorded, once it is. */
    private static Optional<Instant> runningAt(TransitionRepository transitions, UUID id) {
        return transitions.findBySessionIdOldestFirst(id).stream()
                .filter(t -> t.kind() == ResourceKind.SESSION && SessionStatus.RUNNING.name().equals(t.toStatus()))
                .map(TransitionRow::occurredAt).findFirst();
    }

    private static Instant await(Supplier<Optional<Instant>> probe, String what) throws InterruptedException {
        long deadline = System.nanoTime() + SESSION_DEADLINE.toNanos();
        Optional<Instant> seen = probe.get();
        while (seen.isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(what + " not within " + SESSION_DEADLINE);
            }
            Thread.sleep(5);
            seen = probe.get();
        }
        return seen.get();
    }

    private static void check(boolean ok, RawAnswer answer) {
        if (!ok) {
            throw new IllegalStateException("unexpected answer: " + answer);
        }
    }
}
