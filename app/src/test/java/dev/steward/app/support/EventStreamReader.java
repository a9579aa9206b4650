package dev.steward.app.support;

import io.cloudevents.CloudEvent;
import io.cloudevents.core.format.EventFormat;
import io.cloudevents.jackson.JsonFormat;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A client of a server-sent event stream, as a browser's EventSource reads it: each event's {@code id}
 * and its data, a CloudEvent in JSON, read on a thread of its own until {@link #close()}.
 */
public final class EventStreamReader implements AutoCloseable {

    /** One event of the stream: its SSE id and the CloudEvent its data carries. */
    public record StreamEvent(long id, CloudEvent event) {}

    private static final EventFormat JSON = new JsonFormat();

    private final HttpResponse<Stream<String>> response;
    private final BlockingQueue<StreamEvent> received = new LinkedBlockingQueue<>();
    private final Thread reader;

    public EventStreamReader(RawHttp http, String path, String lastEventId) {
        this(http, TestTokens.ADMIN, path, lastEventId);
    }

    /** As the other constructor, with this bearer token. */
    public EventStreamReader(RawHttp http, String token, String path, String lastEventId) {
        response = http.openStream(token, path, lastEventId);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET " + path + " answered " + response.statusCode());
        }
        reader = Thread.ofVirtual().start(this::read);
    }

    int status() {
        return response.statusCode();
    }

    public String contentType() {
        return response.headers().firstValue("Content-Type").orElse("");
    }

    private void read() {
        String id = null;
        StringBuilder data = new StringBuilder();
        try {
            Iterator<String> lines = response.body().iterator();
            while (lines.hasNext()) {
                String line = lines.next();
                if (line.startsWith("id:")) {
                    id = line.substring(3).strip();
                } else if (line.startsWith("data:")) {
                    data.append(data.isEmpty() ? "" : "\n").append(line.substring(5).stripLeading());
                } else if (line.isEmpty() && !data.isEmpty()) {
                    CloudEvent event = JSON.deserialize(data.toString().getBytes(StandardCharsets.UTF_8));
                    received.add(new StreamEvent(Long.parseLong(id), event));
                    id = null;
                    data.setLength(0);
                }
            }
        } catch (RuntimeException e) {
            // closed by the test, or by the service: the events read so far stay
        }
    }

    /** Takes events as they arrive until one matches {@code last}; fails at the deadline. */
    public List<StreamEvent> takeUntil(String what, Duration deadline, Predicate<StreamEvent> last) throws InterruptedException {
        List<StreamEvent> taken = new ArrayList<>();
        long end = System.nanoTime() + deadline.toNanos();
        while (true) {
            StreamEvent next = received.poll(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (next == null) {
                throw new AssertionError("no " + what + " on the stream within " + deadline.toSeconds()
                        + " s; received: " + taken.stream().map(e -> e.id() + " " + e.event().getSubject() + " "
                        + new String(e.event().getData().toBytes(), StandardCharsets.UTF_8)).toList());
            }
            taken.add(next);
            if (last.test(next)) {
                return taken;
            }
        }
    }

    @Override
    public void close() {
        response.body().close();
        reader.interrupt();
    }
}
