package dev.steward.app.events;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.steward.config.EventsConfig;
import dev.steward.config.ReconcileConfig;
import dev.steward.store.OutboxRow;
import io.cloudevents.CloudEvent;
import io.cloudevents.core.builder.CloudEventBuilder;
import io.cloudevents.core.format.EventFormat;
import io.cloudevents.jackson.JsonFormat;
import jakarta.inject.Singleton;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * Turns outbox rows into CloudEvents 1.0: type {@code dev.steward.<kind>.status.changed}, the deployment as
 * source, the resource's path as subject, the transition's id as id (a redelivery carries the same id), and
 * the change as JSON data. The stream's sequence number is also the extension {@value #SEQUENCE}.
 */
@Singleton
public class StatusEvents {

    public static final String SEQUENCE = "stewardsequence";
    public static final String TYPE_PREFIX = "dev.steward.";
    public static final String TYPE_SUFFIX = ".status.changed";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final EventFormat STRUCTURED = new JsonFormat();

    private final URI source;

    public StatusEvents(EventsConfig events, ReconcileConfig reconcile) {
        this.source = URI.create(events.source() != null && !events.source().isBlank() ? events.source()
                : "/steward/" + reconcile.settings().deployment());
    }

    public CloudEvent toCloudEvent(OutboxRow row) {
        return CloudEventBuilder.v1()
                .withId(row.id().toString())
                .withSource(source)
                .withType(type(row.kind()))
                .withSubject(subject(row))
                .withTime(row.occurredAt().atOffset(ZoneOffset.UTC))
                .withDataContentType("application/json")
                .withData(data(row))
                .withExtension(SEQUENCE, row.sequence())
                .build();
    }

    /** The event in the structured JSON format, as event streams carry it. */
    public String toJson(OutboxRow row) {
        return new String(STRUCTURED.serialize(toCloudEvent(row)), StandardCharsets.UTF_8);
    }

    public static String type(String kind) {
        return TYPE_PREFIX + kind.toLowerCase(Locale.ROOT) + TYPE_SUFFIX;
    }

    static String subject(OutboxRow row) {
        if (row.host() != null) {
            return "hosts/" + row.host();
        }
        String session = "sessions/" + row.sessionId();
        return switch (row.kind()) {
            case "PART" -> session + "/parts/" + row.partName();
            case "POD" -> session + "/parts/" + row.partName() + "/pods/" + row.podName();
            default -> session;
        };
    }

    private static byte[] data(OutboxRow row) {
        ObjectNode data = JSON.createObjectNode();
        data.put("from", row.fromStatus());
        data.put("to", row.toStatus());
        data.put("reason", row.reason());
        data.put("message", row.message());
        data.put("generation", row.generation());
        data.put("sequence", row.sequence());
        return data.toString().getBytes(StandardCharsets.UTF_8);
    }
}
