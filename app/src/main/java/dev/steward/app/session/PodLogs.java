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
import reactor.core.publisher.Flux;

/**
 * A pod's container log, read from the engine of the pod's host as it sends it: stdout and stderr
 * interleaved as written. A followed log goes on until the container stops or the client goes away,
 * which closes the engine's stream.
 */
@Singleton
public class PodLogs {

    private final EngineRegistry engines;

    public PodLogs(EngineRegistry engines) {
        this.engines = engines;
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
        return Flux.create(sink -> {
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
        });
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
