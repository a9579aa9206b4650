package dev.steward.app.events;

import dev.steward.config.EventsConfig;
import dev.steward.store.EventRow;
import dev.steward.store.EventStore;
import dev.steward.store.NewEvent;
import dev.steward.telemetry.FailureEpisodes;
import io.micronaut.context.annotation.Context;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands stored events to their effects, at least once: each new event at once, on one of a few lanes
 * (events of one subject, or of one source when they have none, keep their order), and every
 * {@code steward.events.sweep-interval} (and at startup) whatever is stored and not dispatched, left by a
 * crash or by a failed try. A dispatcher leases an event before it acts, so two never act on one event at
 * once; effects are keyed by the event, so acting again after a crash does nothing twice.
 */
@Context
public class EventDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(EventDispatcher.class);
    private static final String SWEEPING = "dispatching stored events";
    private static final int LANES = 4;
    private static final int SWEEP_BATCH = 100;

    private final EventStore store;
    private final EventSources sources;
    private final EventActions actions;
    private final CloudEventReader reader;
    private final EventsConfig config;
    private final List<ExecutorService> lanes = new ArrayList<>();
    private final FailureEpisodes failures = new FailureEpisodes(LOG);
    private final ScheduledFuture<?> sweeping;

    public EventDispatcher(EventStore store, EventSources sources, EventActions actions, CloudEventReader reader,
            EventsConfig config, @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler) {
        this.store = store;
        this.sources = sources;
        this.actions = actions;
        this.reader = reader;
        this.config = config;
        if (config.dispatchEnabled()) {
            for (int i = 0; i < LANES; i++) {
                lanes.add(Executors.newSingleThreadExecutor(Thread.ofPlatform().name("event-dispatch-" + i).factory()));
            }
            sweeping = scheduler.scheduleWithFixedDelay(Duration.ZERO, config.sweepInterval(), this::sweep);
        } else {
            sweeping = null;
            LOG.info("events are stored here and dispatched by other processes (steward.events.dispatch-enabled=false)");
        }
    }

    /** The lane of an event: events of one subject (or, without one, of one source) go in order. */
    static int laneOf(NewEvent event) {
        return Math.floorMod((event.subject() != null ? event.subject() : event.source()).hashCode(), LANES);
    }

    /** Dispatches a newly stored event soon; a process that does not dispatch leaves it to the others. */
    void dispatchSoon(long seq, int lane) {
        if (!lanes.isEmpty()) {
            lanes.get(lane).execute(() -> dispatchLogged(seq));
        }
    }

    /**
     * Acts on the event unless it was dispatched or another dispatcher holds it, and records what it did.
     * It acts for the owner its source acted for when it was accepted, through the triggers its source
     * lists now; an event whose source was deleted since does nothing.
     *
     * @return whether this call dispatched it
     */
    boolean dispatch(long seq) {
        Optional<EventRow> leased = store.lease(seq, config.lease());
        if (leased.isEmpty()) {
            return false;
        }
        EventRow row = leased.get();
        DispatchOutcome outcome = sources.named(row.sender())
                .map(sender -> actions.apply(reader.readStored(row.event()),
                        new EventReach(sender.name(), row.owner(), sender.triggers())))
                .orElseGet(() -> new DispatchOutcome(false, "refused: event source " + row.sender()
                        + " was deleted before the event was dispatched", List.of()));
        store.recordDispatch(seq, outcome.matched(), outcome.outcome(), outcome.sessions().stream()
                .map(UUID::toString).map(id -> "\"" + id + "\"").collect(Collectors.joining(",", "[", "]")));
        LOG.info("event {} from {} ({}): {}", row.id(), row.source(), row.type(), outcome.outcome());
        return true;
    }

    private void dispatchLogged(long seq) {
        try {
            dispatch(seq);
        } catch (RuntimeException e) {
            // Temporal or PostgreSQL out of reach: the event's lease runs out, and a sweep takes it again.
            LOG.warn("event {} was not dispatched; it is tried again once its lease of {} s ends: {}", seq,
                    config.lease().toSeconds(), FailureEpisodes.describe(e));
        }
    }

    private void sweep() {
        try {
            int dispatched = 0;
            for (long seq : store.undispatched(config.sweepInterval(), SWEEP_BATCH)) {
                if (dispatch(seq)) {
                    dispatched++;
                }
            }
            failures.succeeded(SWEEPING);
            if (dispatched > 0) {
                LOG.info("{} stored event(s) not dispatched before were dispatched", dispatched);
            }
        } catch (RuntimeException e) {
            failures.failed(SWEEPING, "tried again in " + config.sweepInterval().toSeconds() + " s", e);
        }
    }

    @PreDestroy
    void stop() {
        if (sweeping != null) {
            sweeping.cancel(false);
        }
        lanes.forEach(ExecutorService::shutdownNow);
    }
}
