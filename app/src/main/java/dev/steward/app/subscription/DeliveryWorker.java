package dev.steward.app.subscription;

import dev.steward.app.events.OutboxNotifications;
import dev.steward.app.events.StatusEvents;
import dev.steward.cloudevents.CloudEventFilter;
import dev.steward.cloudevents.CloudEventFilters;
import dev.steward.config.DeliveryConfig;
import dev.steward.store.OutboxRepository;
import dev.steward.store.OutboxRow;
import dev.steward.store.SubscriptionRepository;
import dev.steward.store.SubscriptionRow;
import dev.steward.telemetry.FailureEpisodes;
import io.cloudevents.CloudEvent;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.type.Argument;
import io.micronaut.serde.ObjectMapper;
import io.micronaut.transaction.TransactionOperations;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;

/**
 * Delivers the outbox to subscriptions, at least once and in outbox order (so in order per session), apart
 * from the reconciliation: it reads PostgreSQL only, so a slow or dead sink holds up nothing but its own
 * subscription. Woken by each event appended to the outbox ({@link OutboxNotifications}), and every
 * {@code steward.delivery.poll-interval} besides (for retries that came due), it claims subscriptions with due work under a
 * lease ({@code FOR UPDATE SKIP LOCKED}, so replicas share them and each is delivered by one at a time), asks
 * a new sink first (the handshake), then posts each event after the subscription's position, one after
 * the other, and records how far it got after each batch (and at least every third of the lease). The n-th failure in a row waits min(base·2ⁿ⁻¹, cap), or what the sink's
 * {@code Retry-After} asks, and tries the same event again; nothing is skipped. All of it lives in
 * PostgreSQL, so a restart goes on where delivery was last recorded (what followed is delivered again,
 * with the same ids).
 */
@Context
@Requires(property = "steward.delivery.enabled", notEquals = "false")
public class DeliveryWorker {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveryWorker.class);
    private static final int BATCH = 200;
    /** How long a delivery that ended waits to tell of it while another does. */
    private static final Duration EMIT_PATIENCE = Duration.ofSeconds(1);

    private final SubscriptionRepository subscriptions;
    private final OutboxRepository outbox;
    private final TransactionOperations<Connection> transactions;
    private final SinkClient sinks;
    private final StatusEvents events;
    private final ObjectMapper json;
    private final DeliveryConfig config;
    private final String owner = "delivery-" + UUID.randomUUID();
    private final Set<UUID> delivering = ConcurrentHashMap.newKeySet();
    private final ExecutorService deliveries = Executors.newVirtualThreadPerTaskExecutor();
    private final FailureEpisodes failures = new FailureEpisodes(LOG);
    private final Sinks.Many<Object> delivered = Sinks.many().multicast().directBestEffort();
    private final Disposable polling;
    private volatile boolean stopping;

    public DeliveryWorker(SubscriptionRepository subscriptions, OutboxRepository outbox,
            TransactionOperations<Connection> transactions, SinkClient sinks, StatusEvents events, ObjectMapper json,
            DeliveryConfig config, OutboxNotifications notifications) {
        this.subscriptions = subscriptions;
        this.outbox = outbox;
        this.transactions = transactions;
        this.sinks = sinks;
        this.events = events;
        this.json = json;
        this.config = config;
        // One poll at a time; what is told meanwhile is one more poll once it ends. A delivery that ends
        // polls again: what was appended as it let its subscription go was told while it held it.
        this.polling = Flux.<Object>merge(notifications.appended(), delivered.asFlux(),
                        Flux.interval(Duration.ZERO, config.pollInterval()))
                .onBackpressureLatest()
                .concatMap(tick -> Mono.fromRunnable(this::pollLogged).subscribeOn(Schedulers.boundedElastic()), 1)
                .subscribe();
    }

    private void pollLogged() {
        try {
            poll();
            failures.succeeded("looking for events to deliver");
        } catch (RuntimeException e) {
            failures.failed("looking for events to deliver", "tried again in " + config.pollInterval().toMillis()
                    + " ms", e);
        }
    }

    private void poll() {
        int free = config.concurrency() - delivering.size();
        if (free <= 0) {
            return;
        }
        for (SubscriptionRow claimed : claim(free)) {
            delivering.add(claimed.id());
            deliveries.submit(() -> {
                try {
                    deliver(claimed);
                } catch (RuntimeException e) {
                    failures.failed("delivering to " + claimed, "tried again at the next poll", e);
                } finally {
                    release(claimed);
                    delivering.remove(claimed.id());
                    delivered.emitNext(claimed.id(), Sinks.EmitFailureHandler.busyLooping(EMIT_PATIENCE));
                }
            });
        }
    }

    private List<SubscriptionRow> claim(int limit) {
        return transactions.executeWrite(status -> {
            Instant now = Instant.now();
            List<SubscriptionRow> due = subscriptions.findDueForUpdate(now, outbox.lastPosition(), limit);
            if (!due.isEmpty()) {
                subscriptions.lease(due.stream().map(SubscriptionRow::id).toList(), owner, now.plus(config.lease()));
            }
            return due;
        });
    }

    private void deliver(SubscriptionRow subscription) {
        if (!subscription.sink().equals(subscription.validatedSink())) {
            SinkAnswer answer = sinks.handshake(subscription);
            if (!answer.taken()) {
                failed(subscription, answer);
                return;
            }
            subscriptions.validated(subscription.id(), owner, subscription.sink(), Instant.now());
            LOG.info("{}: the sink allowed deliveries", subscription);
        }
        CloudEventFilter filter = filter(subscription);
        Progress progress = new Progress(subscription.position());
        List<OutboxRow> rows;
        while (!(rows = outbox.findAfter(progress.position, null, null, BATCH)).isEmpty()) {
            for (OutboxRow row : rows) {
                if (stopping) {
                    record(subscription, progress);
                    return;
                }
                CloudEvent event = events.toCloudEvent(row);
                if (filter == null || filter.matches(event)) {
                    SinkAnswer answer = sinks.deliver(subscription, event);
                    if (!answer.taken()) {
                        record(subscription, progress);
                        failed(subscription, answer);
                        return;
                    }
                    progress.delivered = true;
                    failures.succeeded("delivering to " + subscription);
                }
                progress.position = row.position();
                // Recorded now and then, not per event: a restart may deliver again what followed (same ids).
                if (progress.since.plus(config.lease().dividedBy(3)).isBefore(Instant.now())
                        && !record(subscription, progress)) {
                    return; // the lease ran out: another worker delivers from the recorded position
                }
            }
            if (!record(subscription, progress)) {
                return;
            }
        }
    }

    /** How far one delivery run got since its position was last recorded. */
    private static final class Progress {
        long position;
        boolean delivered;
        Instant since = Instant.now();

        Progress(long position) {
            this.position = position;
        }
    }

    /** Records the position reached and renews the lease; @return false when the lease was lost */
    private boolean record(SubscriptionRow subscription, Progress progress) {
        boolean held = advance(subscription, progress.position, progress.delivered);
        progress.delivered = false;
        progress.since = Instant.now();
        return held;
    }

    private boolean advance(SubscriptionRow subscription, long position, boolean delivered) {
        Instant now = Instant.now();
        return subscriptions.advance(subscription.id(), owner, position, delivered, now, now.plus(config.lease())) == 1;
    }

    /** Waits min(base·2ⁿ⁻¹, cap) after the n-th failure in a row, or as long as the sink asked. */
    private void failed(SubscriptionRow subscription, SinkAnswer answer) {
        if (Thread.currentThread().isInterrupted()) {
            return; // stopping: not the sink's failure
        }
        SubscriptionRow current = subscriptions.findById(subscription.id()).orElse(subscription);
        Duration wait = answer.retryAfter() != null ? answer.retryAfter() : backoff(current.attempts());
        Instant now = Instant.now();
        subscriptions.failed(subscription.id(), owner, answer.error(), now.plus(wait), now.minus(config.failingAfter()),
                now);
        failures.failed("delivering to " + subscription, "tried again in " + wait.toMillis() + " ms",
                new SinkRefused(answer.error()));
    }

    Duration backoff(int failuresBefore) {
        long factor = 1L << Math.min(failuresBefore, 20);
        Duration wait = config.backoffBase().multipliedBy(factor);
        return wait.compareTo(config.backoffCap()) > 0 ? config.backoffCap() : wait;
    }

    private CloudEventFilter filter(SubscriptionRow subscription) {
        try {
            List<Object> filters = json.readValue(subscription.filters(), Argument.listOf(Object.class));
            return filters.isEmpty() ? null : CloudEventFilters.parseArray(filters, "filters");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void release(SubscriptionRow subscription) {
        try {
            subscriptions.release(subscription.id(), owner);
        } catch (RuntimeException e) {
            // the lease runs out by itself
        }
    }

    /** Lets each delivery under way finish its request (within the sink timeout), then hands the leases back. */
    @PreDestroy
    void stop() throws InterruptedException {
        polling.dispose();
        stopping = true;
        deliveries.shutdown();
        if (!deliveries.awaitTermination(config.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
            deliveries.shutdownNow();
        }
        try {
            subscriptions.releaseAll(owner);
        } catch (RuntimeException e) {
            // PostgreSQL away: the leases run out by themselves
        }
    }
}
