package dev.steward.app.events;

import dev.steward.store.Appended;
import dev.steward.store.OutboxRepository;
import dev.steward.store.OutboxRow;
import io.micronaut.http.sse.Event;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Server-sent event streams read from the outbox: what is there after the client's last event first, then
 * each new event as it is recorded, each with its number as the SSE id so a client that reconnects with
 * {@code Last-Event-ID} misses nothing and sees nothing twice. Numbers become visible in order (see
 * {@link dev.steward.store.Outbox}), so a stream never skips one that commits late. A stream reads once
 * when it opens and then whenever the outbox tells of an event it shows ({@link OutboxNotifications}):
 * an idle stream costs nothing.
 */
@Singleton
public class EventStreams {

    static final int BATCH = 500;
    /**
     * A comment, which clients skip: the response's headers go out with it, so a client knows the stream is
     * open before its first event, however long that takes.
     */
    private static final Event<String> OPENED = Event.of("").comment("stream open");

    private final OutboxRepository outbox;
    private final OutboxNotifications notifications;
    private final StatusEvents events;

    public EventStreams(OutboxRepository outbox, OutboxNotifications notifications, StatusEvents events) {
        this.outbox = outbox;
        this.notifications = notifications;
        this.events = events;
    }

    /** One session's events after sequence number {@code after}; the SSE id is the sequence number. */
    public Flux<Event<String>> session(UUID sessionId, long after) {
        return stream(after, appended -> sessionId.equals(appended.sessionId()),
                from -> outbox.findBySessionAfter(sessionId, from, BATCH), OutboxRow::sequence);
    }

    /** Events after position {@code after}, of one owner's or one session's when given; the SSE id is the position. */
    public Flux<Event<String>> all(long after, String owner, UUID sessionId) {
        return stream(after, appended -> (owner == null || owner.equals(appended.owner()))
                        && (sessionId == null || sessionId.equals(appended.sessionId())),
                from -> outbox.findAfter(from, owner, sessionId, BATCH), OutboxRow::position);
    }

    /** @param wanted whether an appended event is one this stream shows */
    private Flux<Event<String>> stream(long after, Predicate<Appended> wanted, LongFunction<List<OutboxRow>> readAfter,
            ToLongFunction<OutboxRow> number) {
        AtomicLong last = new AtomicLong(after);
        Flux<Appended> told = notifications.appended()
                .filter(appended -> appended == OutboxNotifications.EVERYTHING || wanted.test(appended));
        // Told first, then the first read: an event committed as the stream opens is told or read. One read at
        // a time; what is told meanwhile is one more read once it ends.
        return Flux.merge(told, Flux.just(OutboxNotifications.EVERYTHING))
                .onBackpressureLatest()
                .concatMap(tick -> readAll(last, readAfter, number), 1)
                .map(row -> Event.of(events.toJson(row)).id(Long.toString(number.applyAsLong(row))))
                .startWith(OPENED);
    }

    /** Every row after {@code last}, a batch at a time, each read once the one before went out. */
    private static Flux<OutboxRow> readAll(AtomicLong last, LongFunction<List<OutboxRow>> readAfter,
            ToLongFunction<OutboxRow> number) {
        return Mono.fromCallable(() -> {
                    List<OutboxRow> rows = readAfter.apply(last.get());
                    if (!rows.isEmpty()) {
                        last.set(number.applyAsLong(rows.getLast()));
                    }
                    return rows;
                })
                .subscribeOn(Schedulers.boundedElastic())
                .flatMapMany(rows -> rows.size() < BATCH ? Flux.fromIterable(rows)
                        : Flux.fromIterable(rows).concatWith(Flux.defer(() -> readAll(last, readAfter, number))));
    }
}
