package dev.steward.telemetry;

import dev.steward.contract.MetricNames;
import dev.steward.model.HostStatus;
import dev.steward.model.PodStatus;
import dev.steward.model.SessionStatus;
import dev.steward.store.HostRepository;
import dev.steward.store.PlacementRepository;
import dev.steward.store.PodRepository;
import dev.steward.store.SessionRepository;
import dev.steward.store.StatusCount;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.slf4j.LoggerFactory;

/**
 * Sessions, pods and hosts by status, and the pods waiting for room, as the read model holds them:
 * counted every {@code steward.metrics.refresh-interval}, not at every scrape, and every status
 * shown, with 0 when none has it. Every replica reports the same counts; take one, not the sum.
 */
@Singleton
@Requires(beans = MeterRegistry.class)
public class StatusGauges {

    private final SessionRepository sessions;
    private final PodRepository pods;
    private final HostRepository hosts;
    private final PlacementRepository placements;
    private final MultiGauge sessionGauge;
    private final MultiGauge podGauge;
    private final MultiGauge hostGauge;
    private final AtomicLong waiting = new AtomicLong();
    private final FailureEpisodes failures = new FailureEpisodes(LoggerFactory.getLogger(StatusGauges.class));

    public StatusGauges(MeterRegistry registry, SessionRepository sessions, PodRepository pods, HostRepository hosts,
            PlacementRepository placements) {
        this.sessions = sessions;
        this.pods = pods;
        this.hosts = hosts;
        this.placements = placements;
        sessionGauge = MultiGauge.builder(MetricNames.SESSIONS).description("sessions by status").register(registry);
        podGauge = MultiGauge.builder(MetricNames.PODS).description("pods by status").register(registry);
        hostGauge = MultiGauge.builder(MetricNames.HOSTS).description("hosts by status").register(registry);
        Gauge.builder(MetricNames.PLACEMENT_WAITING, waiting, AtomicLong::get)
                .description("pods waiting for a host with room").register(registry);
    }

    @Scheduled(fixedDelay = "${steward.metrics.refresh-interval:15s}", initialDelay = "1s")
    void refresh() {
        try {
            show(sessionGauge, SessionStatus.values(), sessions.statusCounts());
            show(podGauge, PodStatus.values(), pods.statusCounts());
            show(hostGauge, HostStatus.values(), hosts.statusCounts());
            waiting.set(placements.countWaits());
            failures.succeeded("counting statuses for the metrics");
        } catch (RuntimeException e) {
            failures.failed("counting statuses for the metrics", "the gauges keep their last values", e);
        }
    }

    private static void show(MultiGauge gauge, Enum<?>[] statuses, List<StatusCount> counts) {
        Map<String, Long> byStatus = counts.stream()
                .collect(Collectors.toMap(StatusCount::status, StatusCount::count, Long::sum));
        gauge.register(Arrays.stream(statuses)
                .map(Enum::name)
                .map(status -> MultiGauge.Row.of(Tags.of("status", status), byStatus.getOrDefault(status, 0L)))
                .toList(), true);
    }
}
