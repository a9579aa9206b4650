package dev.steward.app;

import dev.steward.app.CloudEventReceiver.Received;
import dev.steward.app.api.SubscriptionConfig;
import dev.steward.app.api.SubscriptionRequest;
import dev.steward.app.session.SessionService;
import dev.steward.app.subscription.SubscriptionService;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PodSpec;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import javax.sql.DataSource;

/**
 * Status events from transition to a local sink: runs sessions one after another, first with no
 * subscription and then with {@code --subscriptions} of them (each to a sink of its own on this machine),
 * and prints POST → RUNNING for both, then for every delivered event the time from its transition being
 * recorded (the outbox row's commit) to the sink having it, and the events per second one subscription
 * catches up with from a backlog. Self-contained: starts the service's context (the tests' Temporal server,
 * the configured PostgreSQL and engine). See docs/benchmarks.md, "Status event delivery".
 *
 * <p>Arguments: {@code --sessions N} (default 10), {@code --subscriptions S} (default 10).
 */
public final class DeliveryBenchmark {

    private static final Duration DEADLINE = Duration.ofSeconds(120);

    private DeliveryBenchmark() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = BenchmarkSupport.parse(args);
        int sessionCount = Integer.parseInt(options.getOrDefault("sessions", "10"));
        int subscriptionCount = Integer.parseInt(options.getOrDefault("subscriptions", "10"));
        Map<String, Object> properties = Map.of(
                "micronaut.server.port", -1,
                "steward.retention.enabled", false,
                // A resume sweep at startup races the host workers to start the host's workflow.
                "steward.resume.enabled", false,
                "steward.reconcile.deployment", "bench-" + UUID.randomUUID().toString().substring(0, 8));
        try (ApplicationContext context = ApplicationContext.run(properties)) {
            run(context, sessionCount, subscriptionCount);
        }
    }

    private static void run(ApplicationContext context, int sessionCount, int subscriptionCount) throws Exception {
        SessionService sessions = context.getBean(SessionService.class);
        SubscriptionService subscriptions = context.getBean(SubscriptionService.class);
        // The pool itself: the bean is bound to Micronaut's connection management, which plain JDBC here is outside of.
        DataSource database = DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class));

        startups(sessions, 1); // warms up the JVM, the engine and the workflows; not counted
        List<Long> without = startups(sessions, sessionCount);

        List<CloudEventReceiver> sinks = new ArrayList<>();
        List<UUID> subscribed = new ArrayList<>();
        for (int i = 0; i < subscriptionCount; i++) {
            CloudEventReceiver sink = new CloudEventReceiver();
            sinks.add(sink);
            subscribed.add(subscriptions.create(new SubscriptionRequest(sink.url(), null, null,
                    new SubscriptionConfig("binary"), null)).id());
        }
        long before = lastPosition(database);
        List<Long> with = startups(sessions, sessionCount);
        long after = lastPosition(database);
        Map<String, Instant> recorded = recordedAt(database, before, after);

        List<Long> latencies = new ArrayList<>();
        for (CloudEventReceiver sink : sinks) {
            awaitAll(sink, recorded);
            for (Received received : sink.received) {
                Instant at = recorded.get(received.event().getId());
                if (at != null) {
                    latencies.add(Duration.between(at, received.at()).toMillis());
                }
            }
        }

        // Throughput: one more subscription, set back to before the sessions, catches up on their events.
        CloudEventReceiver catchingUp = new CloudEventReceiver();
        sinks.add(catchingUp);
        UUID behind = subscriptions.create(new SubscriptionRequest(catchingUp.url(), null, null,
                new SubscriptionConfig("binary"), null)).id();
        subscribed.add(behind);
        awaitHandshake(catchingUp);
        Instant catchUpStart = Instant.now();
        setPosition(database, behind, before);
        awaitAll(catchingUp, recorded);
        Instant catchUpEnd = catchingUp.received.stream().map(Received::at).max(Instant::compareTo).orElseThrow();
        double perSecond = recorded.size() * 1000.0 / Math.max(1, Duration.between(catchUpStart, catchUpEnd).toMillis());

        for (UUID id : subscribed) {
            subscriptions.delete(id);
        }
        sinks.forEach(CloudEventReceiver::close);

        System.out.printf("delivery benchmark: %d sessions (1 part x 2 pods) without, then with %d subscriptions%n",
                sessionCount, subscriptionCount);
        System.out.println("  POST -> RUNNING without subscriptions: " + BenchmarkSupport.summary(without));
        System.out.println("  POST -> RUNNING with " + subscriptionCount + " subscriptions:   " + BenchmarkSupport.summary(with));
        System.out.println("  transition recorded -> delivered (" + latencies.size() + " deliveries of " + recorded.size()
                + " events): " + BenchmarkSupport.summary(latencies));
        System.out.printf("  one subscription catching up on %d events: %.0f events/s%n", recorded.size(), perSecond);
    }

    /** Creates sessions one after another; each is deleted after it was RUNNING. @return POST to RUNNING, in ms */
    private static List<Long> startups(SessionService sessions, int count) throws InterruptedException {
        List<PodSpec> pods = IntStream.range(0, 2)
                .mapToObj(i -> new PodSpec("p" + i, Specs.BUSYBOX, List.of("sleep", "3600"), Map.of(), List.of()))
                .toList();
        List<Long> startups = new ArrayList<>();
        List<UUID> created = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Instant posted = Instant.now();
            UUID id = sessions.create(new SessionSpec("bench", DesiredStatus.RUNNING,
                    List.of(new PartSpec("bench", pods)), null)).id();
            BenchmarkSupport.awaitSession(sessions, id, SessionStatus.RUNNING);
            startups.add(Duration.between(posted, Instant.now()).toMillis());
            created.add(id);
        }
        for (UUID id : created) {
            sessions.setDesiredStatus(id, DesiredStatus.DELETED.name());
        }
        for (UUID id : created) {
            BenchmarkSupport.awaitSession(sessions, id, SessionStatus.DELETED);
        }
        return startups;
    }

    private static void awaitAll(CloudEventReceiver sink, Map<String, Instant> events) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!sink.received.stream().map(r -> r.event().getId()).toList().containsAll(events.keySet())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(sink.url() + " did not get every event within " + DEADLINE);
            }
            Thread.sleep(20);
        }
    }

    private static void awaitHandshake(CloudEventReceiver sink) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (sink.handshakes.get() == 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(sink.url() + " was never asked");
            }
            Thread.sleep(20);
        }
    }

    private static long lastPosition(DataSource database) throws SQLException {
        try (Connection connection = database.getConnection();
                var select = connection.prepareStatement("SELECT COALESCE(MAX(position), 0) FROM outbox_events");
                var rows = select.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** When each event after {@code from} up to {@code to} was recorded, by its id. */
    private static Map<String, Instant> recordedAt(DataSource database, long from, long to) throws SQLException {
        Map<String, Instant> recorded = new HashMap<>();
        try (Connection connection = database.getConnection();
                var select = connection.prepareStatement("""
                        SELECT id, recorded_at FROM outbox_events WHERE position > ? AND position <= ?""")) {
            select.setLong(1, from);
            select.setLong(2, to);
            try (var rows = select.executeQuery()) {
                while (rows.next()) {
                    recorded.put(rows.getString(1), rows.getTimestamp(2).toInstant());
                }
            }
        }
        return recorded;
    }

    private static void setPosition(DataSource database, UUID subscription, long position) throws SQLException {
        try (Connection connection = database.getConnection();
                var update = connection.prepareStatement("UPDATE subscriptions SET position = ? WHERE id = ?")) {
            update.setLong(1, position);
            update.setObject(2, subscription);
            update.executeUpdate();
        }
    }
}
