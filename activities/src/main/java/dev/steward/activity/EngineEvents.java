package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.EventsCmd;
import com.github.dockerjava.api.model.Event;
import dev.steward.contract.StewardLabels;
import io.micronaut.core.annotation.Nullable;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * One engine's event stream for a deployment's containers, read from a point in the engine's own time: a
 * watch that starts where the last one stopped misses nothing in between, and passes on nothing twice.
 * Times are the engine's nanoseconds since the epoch, as its events carry them, never this process's clock.
 */
final class EngineEvents {

    private static final Duration TICK = Duration.ofSeconds(1);

    private final Supplier<DockerClient> engine;

    EngineEvents(Supplier<DockerClient> engine) {
        this.engine = engine;
    }

    /**
     * Passes each event after {@code since} to {@code onEvent}, in the engine's order, and then each new one as it
     * comes, while {@code goOn}, asked once a second with the time up to which events were passed, says so.
     *
     * @param since the time a previous watch returned, or {@code null}: from now by the engine's clock
     * @return the time up to which events were passed: the next watch's {@code since}; {@code null} only when the
     *     engine said neither its time nor that of any event, and the next watch starts from now again
     * @throws IllegalStateException when the engine ends the stream
     */
    @Nullable
    Long watch(String deployment, @Nullable Long since, Consumer<Event> onEvent, Predicate<Long> goOn)
            throws InterruptedException {
        Long from = since != null ? since : engineNow();
        AtomicReference<Long> seenUntil = new AtomicReference<>(from);
        AtomicReference<Throwable> ended = new AtomicReference<>();
        EventsCmd events = engine.get().eventsCmd().withLabelFilter(StewardLabels.forDeployment(deployment));
        if (from != null) {
            events.withSince(asSince(from));
        }
        try (ResultCallback.Adapter<Event> stream = events.exec(new ResultCallback.Adapter<>() {
            @Override
            public void onNext(Event event) {
                Long at = timeOf(event);
                // An engine may count an event at that very time as since it (Podman does not): the last watch
                // passed it on.
                if (at == null || from == null || at > from) {
                    onEvent.accept(event);
                }
                if (at != null) {
                    seenUntil.accumulateAndGet(at, (seen, next) -> seen == null ? next : Math.max(seen, next));
                }
            }

            @Override
            public void onError(Throwable failure) {
                // The loop below reports it once; docker-java's own handler would log it at
                // ERROR with a trace, also when the stream is closed on purpose.
                ended.compareAndSet(null, failure);
            }

            @Override
            public void onComplete() {
                ended.compareAndSet(null, new IllegalStateException("the engine closed its event stream"));
                super.onComplete();
            }
        })) {
            // Not the callback's awaitCompletion with a timeout: on this transport its timeout ends the stream.
            while (goOn.test(seenUntil.get())) {
                if (ended.get() != null) {
                    throw new IllegalStateException("the event stream ended: " + ended.get().getMessage(), ended.get());
                }
                Thread.sleep(TICK.toMillis());
            }
        } catch (IOException e) {
            // Closing a stream that has done its work: nothing is lost.
        }
        return seenUntil.get();
    }

    /**
     * The engine's clock now, from its own answer (a remote engine's clock may differ from this process's), or
     * {@code null} when its info does not say (Docker and Podman do).
     */
    @Nullable
    Long engineNow() {
        String systemTime = engine.get().infoCmd().exec().getSystemTime();
        if (systemTime == null) {
            return null;
        }
        try {
            Instant now = Instant.parse(systemTime);
            return TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano();
        } catch (DateTimeParseException unreadable) {
            return null;
        }
    }

    /** When the engine sent the event, or {@code null} when it did not say. */
    private static @Nullable Long timeOf(Event event) {
        if (event.getTimeNano() != null) {
            return event.getTimeNano();
        }
        return event.getTime() != null ? TimeUnit.SECONDS.toNanos(event.getTime()) : null;
    }

    /** The events API's since: seconds since the epoch with nanoseconds, which Docker and Podman both read. */
    private static String asSince(long nanos) {
        return String.format("%d.%09d", nanos / 1_000_000_000L, nanos % 1_000_000_000L);
    }
}
