package dev.steward.app.events;

import dev.steward.store.EventSourceRow;
import dev.steward.store.EventStore;
import dev.steward.store.NewEvent;
import io.cloudevents.CloudEvent;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The way in: authenticates the sender by its bearer token, holds it to its rate ({@link EventSourceRates}),
 * reads the delivery's events, checks that the sender speaks for each event's source and may send its Steward
 * event types, and stores them all (or, refused, none), each with the owner its sender acts for, before the answer.
 * Each new event is handed to the {@link EventDispatcher} once stored.
 */
@Singleton
public class EventIngress {

    private static final String BEARER = "Bearer ";

    private final EventSources sources;
    private final CloudEventReader reader;
    private final EventStore store;
    private final EventDispatcher dispatcher;
    private final EventSourceRates rates;

    public EventIngress(EventSources sources, CloudEventReader reader, EventStore store, EventDispatcher dispatcher,
            EventSourceRates rates) {
        this.sources = sources;
        this.reader = reader;
        this.store = store;
        this.dispatcher = dispatcher;
        this.rates = rates;
    }

    /** @param headers the request's headers, names in lower case */
    public DeliveryAnswer receive(@Nullable String authorization, @Nullable String contentType,
            Map<String, String> headers, byte[] body) {
        EventSourceRow sender = sender(authorization);
        rates.take(sender.name()).ifPresent(wait -> {
            throw EventRefused.tooFast("event source " + sender.name() + " delivers faster than "
                    + rates.perMinute() + " deliveries a minute (steward.events.rate); nothing was stored", wait);
        });
        List<CloudEvent> events = reader.read(contentType, headers, body);
        List<NewEvent> batch = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            CloudEvent event = events.get(i);
            String source = event.getSource().toString();
            String which = events.size() > 1 ? "event [" + i + "] has" : "the event has";
            if (!sender.speaksFor(source)) {
                throw EventRefused.forbidden(which + " source " + source + ", which event source " + sender.name()
                        + " does not speak for");
            }
            if (StewardEventTypes.ALL.contains(event.getType()) && !sender.types().contains(event.getType())) {
                throw EventRefused.forbidden(which + " type " + event.getType() + ", which event source "
                        + sender.name() + " may not send: its types are " + sender.types());
            }
            batch.add(new NewEvent(source, event.getId(), event.getType(), event.getSubject(), sender.name(),
                    sender.owner(), reader.write(event)));
        }
        List<Optional<Long>> stored = store.insertAll(batch, Instant.now());
        List<EventRef> accepted = new ArrayList<>();
        List<EventRef> redelivered = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            NewEvent event = batch.get(i);
            EventRef ref = new EventRef(event.source(), event.id());
            stored.get(i).ifPresentOrElse(seq -> {
                accepted.add(ref);
                dispatcher.dispatchSoon(seq, EventDispatcher.laneOf(event));
            }, () -> redelivered.add(ref));
        }
        return new DeliveryAnswer(accepted, redelivered);
    }

    /**
     * Refuses (403) a handshake origin that no event source allows; with a token, only that source's
     * origins count.
     */
    public void allowOrigin(@Nullable String authorization, String origin) {
        List<EventSourceRow> candidates = authorization == null ? sources.all() : List.of(sender(authorization));
        boolean allowed = candidates.stream().anyMatch(source -> source.allowedOrigins().contains(origin));
        if (!allowed) {
            throw EventRefused.forbidden("origin " + origin + " is not allowed to deliver events here");
        }
    }

    /** The sender whose token the request carries; a missing or unknown token is refused with 401. */
    EventSourceRow sender(@Nullable String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw EventRefused.unauthorized("a bearer token is required: Authorization: Bearer <the token of the"
                    + " event source>");
        }
        String token = authorization.substring(BEARER.length()).trim();
        return sources.authenticate(token).orElseThrow(
                () -> EventRefused.unauthorized("the bearer token is not the token of any event source"));
    }
}
