package dev.steward.app.session;

import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Frame;
import dev.steward.activity.EngineRegistry;
import dev.steward.app.refusal.Conflict;
import dev.steward.app.refusal.InvalidRequest;
import dev.steward.model.FieldError;
import dev.steward.model.PodView;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Semaphore;
import reactor.core.publisher.Flux;

/**
 * A pod's container log, read from the engine of the pod's host as it sends it: stdout and stderr
 * interleaved as written. A followed log goes on until the container stops or the client goes away,
 * which closes the engine's stream. What the engine sent and the client has not taken yet is held up to
 * {@code steward.pod-logs.buffer}; beyond it the engine's stream is read no further until the client
 * catches up, so a slow reader costs the service no more than that (the container's log waits on the
 * engine).
 */
@Singleton
public class PodLogs {

    private final EngineRegistry engines;
    private final int buffer;

    public PodLogs(EngineRegistry engines, PodLogsConfig config) {
        this.engines = engines;
        this.buffer = config.buffer();
    }

    /**
     * The log of the pod's current container. Refuses before anything is streamed: a bad {@code tail}
     * or {@code since} is a 422, a pod without a container (or whose container is gone) a 409.
     *
     * @param tail only the last lines, or {@code null} for all
     * @param since only lines written from then on: an ISO-8601 instant or Unix seconds, or {@code null}
     * @param follow whether to keep streaming new lines
     */
    public Flux<byte[]> stream(String pod, PodView view, @Nullable Integer tail, @Nullable String since,
            boolean follow) {
        if (tail != null && tail < 0) {
            throw new InvalidRequest(new FieldError("tail", "must not be negative"));
        }
        Integer sinceSeconds = since == null || since.isBlank() ? null : epochSeconds(since);
        if (view.containerId() == null || view.host() == null) {
            throw new Conflict("pod " + pod + " has no container now (" + view.status() + ")");
        }
        try {
            engines.probeClient(view.host()).inspectContainerCmd(view.containerId()).exec();
        } catch (NotFoundException gone) {
            throw new Conflict("the container of pod " + pod + " no longer exists on host " + view.host());
        }
        return Flux.defer(() -> {
            // Bytes held for the client: taken by the engine's reader before it passes a frame on (it waits
            // while there is no room), given back as the client takes the frame.
            Semaphore room = new Semaphore(buffer);
            return Flux.<byte[]>create(sink -> {
                var cmd = engines.client(view.host()).logContainerCmd(view.containerId())
                        .withStdOut(true).withStdErr(true).withFollowStream(follow);
                if (tail != null) {
                    cmd = cmd.withTail(tail);
                }
                if (sinceSeconds != null) {
                    cmd = cmd.withSince(sinceSeconds);
                }
                ResultCallback.Adapter<Frame> callback = cmd.exec(new ResultCallback.Adapter<>() {
                    @Override
                    public void onNext(Frame frame) {
                        try {
                            room.acquire(held(frame.getPayload()));
                        } catch (InterruptedException closed) {
                            Thread.currentThread().interrupt(); // the client went away: the stream is closing
                            return;
                        }
                        sink.next(frame.getPayload());
                    }

                    @Override
                    public void onError(Throwable failure) {
                        sink.error(failure);
                    }

                    @Override
                    public void onComplete() {
                        sink.complete();
                    }
                });
                sink.onDispose(() -> {
                    try {
                        callback.close();
                    } catch (IOException ignored) {
                        // The engine's stream is gone either way.
                    }
                });
            }).doOnNext(payload -> room.release(held(payload)));
        });
    }

    /** The room a frame takes: its size, or the whole buffer for one larger than that. */
    private int held(byte[] payload) {
        return Math.min(payload.length, buffer);
    }

    private static int epochSeconds(String since) {
        try {
            if (since.chars().allMatch(Character::isDigit)) {
                return Math.toIntExact(Long.parseLong(since));
            }
            return Math.toIntExact(Instant.parse(since).getEpochSecond());
        } catch (DateTimeParseException | ArithmeticException | NumberFormatException e) {
            throw new InvalidRequest(new FieldError("since",
                    "'" + since + "' is neither an ISO-8601 instant nor Unix seconds"));
        }
    }
}
