package dev.steward.app.bench;

import dev.steward.app.support.CloudEventReceiver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Scenario 6: status events from transition to sink. With {@code subscriptions} subscriptions, each to a
 * sink of its own on this machine, sessions of 2 x 2 busybox pods on Podman are created and deleted one
 * after another; for every event each sink takes, the time from its transition being recorded (its outbox
 * row's) to the sink having it.
 */
final class DeliveryScenario {

    private static final Duration DEADLINE = Duration.ofMinutes(2);

    private final BenchService service;
    private final BenchReport report;

    DeliveryScenario(BenchService service, BenchReport report) {
        this.service = service;
        this.report = report;
    }

    void run(int sessions, int subscriptions) throws Exception {
        String owner = "bench-delivery-" + service.run();
        List<CloudEventReceiver> sinks = new ArrayList<>();
        List<UUID> subscribed = new ArrayList<>();
        try {
            for (int i = 0; i < subscriptions; i++) {
                CloudEventReceiver sink = new CloudEventReceiver();
                sinks.add(sink);
                subscribed.add(service.subscribe(sink.url()));
            }
            long from = service.lastOutboxPosition();
            for (int i = 0; i < sessions; i++) {
                UUID id = service.create(BenchService.twoByTwo(owner, null));
                service.awaitStatus(id, "RUNNING", DEADLINE, 20);
                service.delete(id);
                service.awaitStatus(id, "DELETED", DEADLINE, 20);
            }
            Map<String, Instant> recorded = service.recordedAt(from, service.lastOutboxPosition());
            List<Long> latencies = new ArrayList<>();
            for (CloudEventReceiver sink : sinks) {
                service.await(sink.url() + " has every event", DEADLINE, 20, () -> sink.received.stream()
                        .map(received -> received.event().getId()).toList().containsAll(recorded.keySet()));
                for (CloudEventReceiver.Received received : sink.received) {
                    Instant at = recorded.get(received.event().getId());
                    if (at != null) {
                        latencies.add(Duration.between(at, received.at()).toMillis());
                    }
                }
            }
            Samples delivered = new Samples(latencies);
            report.row(new BenchRow(6, "transition recorded to delivered, " + subscriptions + " subscriptions, p50 / p90 / p99",
                    delivered.summary(), "-", "p99 < 200 ms", delivered.p(99) < 200));
            report.raw("delivery/recorded-to-delivered", latencies);
            report.note("scenario 6: " + recorded.size() + " events of " + sessions + " sessions, each delivered to "
                    + subscriptions + " sinks");
        } finally {
            subscribed.forEach(service::unsubscribe);
            sinks.forEach(CloudEventReceiver::close);
        }
    }
}
