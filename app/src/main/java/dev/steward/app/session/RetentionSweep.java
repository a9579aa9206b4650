package dev.steward.app.session;

import dev.steward.config.RetentionConfig;
import dev.steward.store.HostTransitionRepository;
import dev.steward.store.OutboxRepository;
import dev.steward.store.SessionRepository;
import dev.steward.store.SubscriptionRepository;
import dev.steward.store.TransitionRepository;
import dev.steward.telemetry.FailureEpisodes;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ScheduledFuture;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every {@code steward.retention.interval}, purges in batches of {@code batch-size}: outgoing events older
 * than {@code outbox} that every subscription has (an event still owed to a subscription stays, however
 * old), transitions older than {@code transitions}, and sessions that ended (DELETED or EXPIRED) longer
 * than {@code ended-sessions} ago, with their parts, pods and transitions. More than one replica purging at
 * once is harmless.
 */
@Context
@Requires(property = "steward.retention.enabled", notEquals = "false")
public class RetentionSweep {

    private static final Logger LOG = LoggerFactory.getLogger(RetentionSweep.class);
    private static final String PURGING = "purging old history";

    /** What one purge removed. */
    public record Purged(int outboxEvents, int transitions, int hostTransitions, int endedSessions) {}

    private final OutboxRepository outbox;
    private final SubscriptionRepository subscriptions;
    private final TransitionRepository transitions;
    private final HostTransitionRepository hostTransitions;
    private final SessionRepository sessions;
    private final RetentionConfig config;
    private final FailureEpisodes failures = new FailureEpisodes(LOG);
    private final ScheduledFuture<?> purging;

    public RetentionSweep(OutboxRepository outbox, SubscriptionRepository subscriptions,
            TransitionRepository transitions, HostTransitionRepository hostTransitions, SessionRepository sessions,
            RetentionConfig config, @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler) {
        this.outbox = outbox;
        this.subscriptions = subscriptions;
        this.transitions = transitions;
        this.hostTransitions = hostTransitions;
        this.sessions = sessions;
        this.config = config;
        this.purging = scheduler.scheduleWithFixedDelay(config.interval(), config.interval(), this::purgeLogged);
    }

    /** Purges what is older than its retention at {@code now}. */
    public Purged purge(Instant now) {
        int batch = config.batchSize();
        int endedSessions = inBatches(() -> {
            List<UUID> ended = sessions.findEndedBefore(now.minus(config.endedSessions()), batch);
            return ended.isEmpty() ? 0 : sessions.deleteEnded(ended);
        });
        Instant outboxBefore = now.minus(config.outbox());
        long delivered = subscriptions.lowestPosition(Long.MAX_VALUE);
        int outboxEvents = inBatches(() -> outbox.purgeDelivered(outboxBefore, delivered, batch));
        Instant transitionsBefore = now.minus(config.transitions());
        int sessionTransitions = inBatches(() -> transitions.purgeRecordedBefore(transitionsBefore, batch));
        int hosts = inBatches(() -> hostTransitions.purgeOccurredBefore(transitionsBefore, batch));
        return new Purged(outboxEvents, sessionTransitions, hosts, endedSessions);
    }

    /** Runs one bounded statement after another until one finds less than a batch. */
    private int inBatches(IntSupplier deleteBatch) {
        int total = 0;
        int deleted;
        do {
            deleted = deleteBatch.getAsInt();
            total += deleted;
        } while (deleted >= config.batchSize());
        return total;
    }

    private void purgeLogged() {
        try {
            Purged purged = purge(Instant.now());
            failures.succeeded(PURGING);
            LOG.info("purged {}", purged);
        } catch (RuntimeException e) {
            failures.failed(PURGING, "tried again in " + config.interval(), e);
        }
    }

    @PreDestroy
    void stop() {
        purging.cancel(false);
    }
}
