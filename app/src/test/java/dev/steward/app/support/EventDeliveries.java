package dev.steward.app.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.workflow.support.Eventually;
import io.cloudevents.CloudEvent;
import io.cloudevents.core.builder.CloudEventBuilder;
import io.cloudevents.http.HttpMessageFactory;
import io.cloudevents.jackson.JsonFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * CloudEvents sent to the service as a real client sends them, with cloudevents-java's own HTTP writer
 * (binary and structured mode; a batch is the JSON format's events in an array), and the REST calls
 * around them: event sources, triggers, the stored events.
 */
public final class EventDeliveries {

    static final String EVENTS = "/api/v1/events";
    public static final String BATCH = "application/cloudevents-batch+json";

    private final RawHttp http;
    private final ObjectMapper json = new ObjectMapper();
    private final JsonFormat format = new JsonFormat();

    public EventDeliveries(RawHttp http) {
        this.http = http;
    }

    /** A CloudEvent with JSON data ({@code null} for none). */
    public static CloudEvent event(String source, String type, String subject, Object data) {
        CloudEventBuilder builder = CloudEventBuilder.v1()
                .withId(UUID.randomUUID().toString())
                .withSource(URI.create(source))
                .withType(type);
        if (subject != null) {
            builder.withSubject(subject);
        }
        if (data != null) {
            builder.withDataContentType("application/json").withData(write(data));
        }
        return builder.build();
    }

    /** The ways a delivery can carry an event. */
    public enum Mode { BINARY, STRUCTURED, BATCH }

    public RawAnswer deliver(Mode mode, String token, CloudEvent event) {
        return switch (mode) {
            case BINARY -> binary(token, event);
            case STRUCTURED -> structured(token, event);
            case BATCH -> batch(token, List.of(event));
        };
    }

    public RawAnswer binary(String token, CloudEvent event) {
        return written(token, writer -> writer.writeBinary(event));
    }

    public RawAnswer structured(String token, CloudEvent event) {
        return written(token, writer -> writer.writeStructured(event, format));
    }

    RawAnswer batch(String token, List<CloudEvent> events) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write('[');
        for (int i = 0; i < events.size(); i++) {
            if (i > 0) {
                body.write(',');
            }
            body.writeBytes(format.serialize(events.get(i)));
        }
        body.write(']');
        return raw(token, BATCH, body.toByteArray());
    }

    /** Any body, with a bearer token when {@code token} is not null. */
    public RawAnswer raw(String token, String contentType, byte[] body) {
        return send(token, Map.of("Content-Type", contentType), body);
    }

    public RawAnswer send(String token, Map<String, String> headers, byte[] body) {
        Map<String, String> all = new LinkedHashMap<>(headers);
        if (token != null) {
            all.put("Authorization", "Bearer " + token);
        }
        return http.sendWithHeaders("POST", EVENTS, all, body);
    }

    /** The Web Hooks handshake for {@code origin}, with a token when it is not null. */
    public RawAnswer handshake(String token, String origin) {
        Map<String, String> headers = new LinkedHashMap<>(Map.of("WebHook-Request-Origin", origin));
        if (token != null) {
            headers.put("Authorization", "Bearer " + token);
        }
        return http.sendWithHeaders("OPTIONS", EVENTS, headers, null);
    }

    /** Registers an event source for every source under {@code prefix}; returns its token. */
    public String registerSource(String name, String prefix, List<String> origins) {
        return registerSource(name, prefix, origins, Map.of());
    }

    /** As {@link #registerSource(String, String, List)}, with these fields as well ({@code owner}, {@code types}, ...). */
    public String registerSource(String name, String prefix, List<String> origins, Map<String, Object> fields) {
        Map<String, Object> source = new LinkedHashMap<>(fields);
        source.putAll(Map.of("name", name, "sourcePrefix", prefix, "allowedOrigins", origins));
        RawAnswer answer = http.json("POST", "/api/v1/event-sources", new String(write(source), StandardCharsets.UTF_8));
        assertEquals(201, answer.status(), answer.toString());
        return read(answer).get("token").asText();
    }

    public void deleteSource(String name) {
        RawAnswer answer = http.delete("/api/v1/event-sources/" + name);
        assertEquals(204, answer.status(), answer.toString());
    }

    public RawAnswer createTrigger(Map<String, Object> trigger) {
        return http.json("POST", "/api/v1/triggers", new String(write(trigger), StandardCharsets.UTF_8));
    }

    public void deleteTrigger(String name) {
        RawAnswer answer = http.delete("/api/v1/triggers/" + name);
        assertEquals(204, answer.status(), answer.toString());
    }

    /** The stored events of that source, newest first. */
    public List<JsonNode> stored(String source) {
        RawAnswer answer = http.get(EVENTS + "?source=" + URLEncoder.encode(source, StandardCharsets.UTF_8));
        assertEquals(200, answer.status(), answer.toString());
        List<JsonNode> events = new ArrayList<>();
        read(answer).forEach(events::add);
        return events;
    }

    /** The stored event of that source and id, once dispatched. */
    public JsonNode awaitDispatched(String source, String id) {
        return Eventually.await("event " + id + " dispatched", SessionApi.DEADLINE, () -> stored(source).stream()
                .filter(event -> event.get("id").asText().equals(id)).findFirst().orElse(null),
                event -> event != null && !event.path("dispatchedAt").isMissingNode()
                        && !event.path("dispatchedAt").isNull());
    }

    public JsonNode read(RawAnswer answer) {
        try {
            return json.readTree(answer.body());
        } catch (IOException e) {
            throw new UncheckedIOException(answer.toString(), e);
        }
    }

    private interface Writing {
        void write(io.cloudevents.http.impl.HttpMessageWriter writer);
    }

    private RawAnswer written(String token, Writing writing) {
        Map<String, String> headers = new LinkedHashMap<>();
        byte[][] body = {new byte[0]};
        writing.write(HttpMessageFactory.createWriter(headers::put, bytes -> body[0] = bytes == null ? new byte[0] : bytes));
        return send(token, headers, body[0]);
    }

    public static byte[] write(Object value) {
        try {
            return new ObjectMapper().writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
