package dev.steward.app.events;

import dev.steward.config.EventsConfig;
import dev.steward.store.OutboxRepository;
import dev.steward.store.OutboxRow;
import io.micronaut.http.sse.Event;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Server-sent event streams read from the outbox: what is there after the client's last event first, then
 * each new event as it is recorded, each with its number as the SSE id so a client that reconnects with
 * {@code Last-Event-ID} misses nothing and sees nothing twice. Numbers become visible in order (see
 * {@link dev.steward.store.Outbox}), so a stream never skips one that commits late.
 */
@Singleton
public class EventStreams {

    static final int BATCH = 500;

    private final OutboxRepository outbox;
    private final StatusEvents events;
    private final EventsConfig config;

    public EventStreams(OutboxRepository outbox, StatusEvents events, EventsConfig config) {
        this.outbox = outbox;
        this.events = events;
        this.config = config;
    }

    /** One session's events after sequence number {@code after}; the SSE id is the sequence number. */
    public Flux<Event<String>> session(UUID sessionId, long after) {
        return stream(after, from -> outbox.findBySessionAfter(sessionId, from, BATCH), OutboxRow::sequence);
    }

    /** Events after position {@code after}, of one owner's or one session's when given; the SSE id is the position. */
    public Flux<Event<String>> all(long after, String owner, UUID sessionId) {
        return stream(after, from -> outbox.findAfter(from, owner, sessionId, BATCH), OutboxRow::position);
    }

    private Flux<Event<String>> stream(long after, LongFunction<List<OutboxRow>> readAfter,
            ToLongFunction<OutboxRow> number) {
        AtomicLong last = new AtomicLong(after);
        // One read at a time: the next poll starts once the previous batch went out.
        return Flux.interval(Duration.ZERO, config.streamPollInterval())
                .onBackpressureDrop()
                .concatMap(tick -> Mono.fromCallable(() -> {
                            List<OutboxRow> rows = readAfter.apply(last.get());
                            if (!rows.isEmpty()) {
                                last.set(number.applyAsLong(rows.getLast()));
                            }
                            return rows;
                        })
                        .subscribeOn(Schedulers.boundedElastic())
                        .flatMapIterable(rows -> rows), 1)
                .map(row -> Event.of(events.toJson(row)).id(Long.toString(number.applyAsLong(row))));
    }
}
