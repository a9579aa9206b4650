package dev.steward.app.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.steward.config.EventsConfig;
import dev.steward.model.FieldError;
import io.cloudevents.CloudEvent;
import io.cloudevents.core.format.EventDeserializationException;
import io.cloudevents.http.HttpMessageFactory;
import io.cloudevents.jackson.JsonFormat;
import io.cloudevents.rw.CloudEventRWException;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the events of a delivery in the CloudEvents HTTP binding: binary mode ({@code ce-*} headers, the
 * body is the data), structured mode ({@code application/cloudevents+json}) and batch mode
 * ({@code application/cloudevents-batch+json}), spec version 1.0. Every fault is named by its attribute
 * (in a batch, by its index too) before cloudevents-java reads the event.
 */
@Singleton
public class CloudEventReader {

    static final String STRUCTURED = "application/cloudevents+json";
    static final String BATCH = "application/cloudevents-batch+json";
    private static final String SPEC_VERSION = "1.0";
    /** The field name of faults of the delivery as a whole. */
    private static final String BODY = "body";
    private static final List<String> REQUIRED = List.of("specversion", "id", "source", "type");

    private final ObjectMapper json = new ObjectMapper();
    private final JsonFormat format = new JsonFormat();
    private final EventsConfig config;

    public CloudEventReader(EventsConfig config) {
        this.config = config;
    }

    /**
     * @param headers the request's headers, names in lower case
     * @throws EventRefused (400) naming every fault, or (413) naming the data of every event over the cap;
     *         nothing of the delivery is to be taken then
     */
    public List<CloudEvent> read(@Nullable String contentType, Map<String, String> headers, byte[] body) {
        String mediaType = contentType == null ? "" : contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        return switch (mediaType) {
            case BATCH -> batch(body);
            case STRUCTURED -> {
                JsonNode node = tree(body);
                CloudEvent event = structured(node, "");
                refuseIfAny(dataOverTheCap(event, dataField(node, "")).stream().toList());
                yield List.of(event);
            }
            default -> {
                if (mediaType.startsWith("application/cloudevents")) {
                    throw EventRefused.invalid("content-type", "'" + mediaType + "' is not an event format Steward"
                            + " reads: " + STRUCTURED + " or " + BATCH + ", or binary mode");
                }
                yield List.of(binary(contentType, headers, body));
            }
        };
    }

    /**
     * The fault of an event that carries more data than the cap: a session and the env of its pods carry the data
     * of the events its parts await.
     */
    private Optional<FieldError> dataOverTheCap(CloudEvent event, String field) {
        int bytes = event.getData() == null ? 0 : event.getData().toBytes().length;
        if (bytes <= config.maxDataBytes()) {
            return Optional.empty();
        }
        return Optional.of(new FieldError(field, "is " + bytes + " bytes; an event carries at most "
                + config.maxDataBytes() + " bytes of data (steward.events.max-data-bytes)"));
    }

    private static String dataField(JsonNode event, String at) {
        return at + (event.has("data_base64") ? "data_base64" : "data");
    }

    private static void refuseIfAny(List<FieldError> dataOverTheCap) {
        if (!dataOverTheCap.isEmpty()) {
            throw EventRefused.dataTooLarge(dataOverTheCap);
        }
    }

    /** The event in the CloudEvents JSON format, as it is stored. */
    public String write(CloudEvent event) {
        return new String(format.serialize(event), StandardCharsets.UTF_8);
    }

    /** A stored event read back. */
    public CloudEvent readStored(String stored) {
        return format.deserialize(stored.getBytes(StandardCharsets.UTF_8));
    }

    private List<CloudEvent> batch(byte[] body) {
        JsonNode array = tree(body);
        if (!array.isArray()) {
            throw EventRefused.invalid(BODY, "a batch is a JSON array of events in the structured JSON format");
        }
        if (array.isEmpty()) {
            throw EventRefused.invalid(BODY, "a batch carries at least one event");
        }
        if (array.size() > config.maxBatch()) {
            throw EventRefused.invalid(BODY, "a batch carries at most " + config.maxBatch() + " events, this one "
                    + array.size());
        }
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            errors.addAll(faults(array.get(i), "[" + i + "]."));
        }
        if (!errors.isEmpty()) {
            throw EventRefused.invalid(errors);
        }
        List<CloudEvent> events = new ArrayList<>();
        List<FieldError> overTheCap = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            CloudEvent event = structured(array.get(i), "[" + i + "].");
            dataOverTheCap(event, dataField(array.get(i), "[" + i + "].")).ifPresent(overTheCap::add);
            events.add(event);
        }
        refuseIfAny(overTheCap);
        return events;
    }

    private CloudEvent structured(JsonNode event, String at) {
        List<FieldError> errors = faults(event, at);
        if (!errors.isEmpty()) {
            throw EventRefused.invalid(errors);
        }
        try {
            return format.deserialize(json.writeValueAsBytes(event));
        } catch (EventDeserializationException | CloudEventRWException | JsonProcessingException unreadable) {
            throw EventRefused.invalid(at + "event", "cannot be read: " + rootMessage(unreadable));
        }
    }

    /** What is wrong with one event in the structured JSON format. */
    private static List<FieldError> faults(JsonNode event, String at) {
        List<FieldError> errors = new ArrayList<>();
        if (!(event instanceof ObjectNode)) {
            errors.add(new FieldError(at.isEmpty() ? BODY : at.substring(0, at.length() - 1),
                    "an event is a JSON object"));
            return errors;
        }
        for (String attribute : REQUIRED) {
            JsonNode value = event.get(attribute);
            if (value == null || value.isNull()) {
                errors.add(new FieldError(at + attribute, "is required"));
            } else if (!value.isTextual() || value.asText().isEmpty()) {
                errors.add(new FieldError(at + attribute, "must be a non-empty string"));
            }
        }
        JsonNode version = event.get("specversion");
        if (version != null && version.isTextual() && !version.asText().equals(SPEC_VERSION)) {
            errors.add(new FieldError(at + "specversion", unsupportedVersion(version.asText())));
        }
        textual(event, "source").ifPresent(source -> uriFault(source).ifPresent(
                fault -> errors.add(new FieldError(at + "source", fault))));
        textual(event, "time").ifPresent(time -> timeFault(time).ifPresent(
                fault -> errors.add(new FieldError(at + "time", fault))));
        if (event.has("data") && event.has("data_base64")) {
            errors.add(new FieldError(at + "data_base64", "an event carries data or data_base64, not both"));
        }
        JsonNode base64 = event.get("data_base64");
        if (base64 != null && !base64.isNull() && (!base64.isTextual() || !isBase64(base64.asText()))) {
            errors.add(new FieldError(at + "data_base64", "is not base64"));
        }
        return errors;
    }

    private CloudEvent binary(@Nullable String contentType, Map<String, String> headers, byte[] body) {
        List<FieldError> errors = new ArrayList<>();
        for (String attribute : REQUIRED) {
            String value = headers.get("ce-" + attribute);
            if (value == null || value.isEmpty()) {
                errors.add(new FieldError(attribute, "is required (binary mode: header ce-" + attribute
                        + "; structured mode: Content-Type " + STRUCTURED + ")"));
            }
        }
        String version = headers.get("ce-specversion");
        if (version != null && !version.isEmpty() && !version.equals(SPEC_VERSION)) {
            errors.add(new FieldError("specversion", unsupportedVersion(version)));
        }
        String source = headers.get("ce-source");
        if (source != null) {
            uriFault(source).ifPresent(fault -> errors.add(new FieldError("source", fault)));
        }
        String time = headers.get("ce-time");
        if (time != null) {
            timeFault(time).ifPresent(fault -> errors.add(new FieldError("time", fault)));
        }
        if (contentType != null && isJson(contentType) && body.length > 0) {
            try {
                json.readTree(body);
            } catch (IOException unreadable) {
                errors.add(new FieldError("data", "is not valid JSON, though its content type is " + contentType));
            }
        }
        if (!errors.isEmpty()) {
            throw EventRefused.invalid(errors);
        }
        CloudEvent event;
        try {
            event = HttpMessageFactory.createReader(headers, body).toEvent();
        } catch (CloudEventRWException unreadable) {
            throw EventRefused.invalid("event", "cannot be read: " + rootMessage(unreadable));
        }
        refuseIfAny(dataOverTheCap(event, "data").stream().toList());
        return event;
    }

    private JsonNode tree(byte[] body) {
        try {
            JsonNode node = json.readTree(body);
            if (node == null || node.isMissingNode()) {
                throw EventRefused.invalid(BODY, "the body is empty");
            }
            return node;
        } catch (JsonProcessingException unreadable) {
            throw EventRefused.invalid(BODY, "is not valid JSON: " + unreadable.getOriginalMessage());
        } catch (IOException unreadable) {
            throw EventRefused.invalid(BODY, "cannot be read: " + unreadable.getMessage());
        }
    }

    static boolean isJson(String contentType) {
        String type = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        return type.equals("application/json") || type.endsWith("+json") || type.equals("text/json");
    }

    private static Optional<String> textual(JsonNode event, String attribute) {
        JsonNode value = event.get(attribute);
        return value != null && value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
    }

    private static String unsupportedVersion(String version) {
        return "'" + version + "' is not supported: Steward takes CloudEvents " + SPEC_VERSION;
    }

    private static Optional<String> uriFault(String value) {
        try {
            new URI(value);
            return Optional.empty();
        } catch (URISyntaxException e) {
            return Optional.of("is not a URI reference: " + e.getReason());
        }
    }

    private static Optional<String> timeFault(String value) {
        try {
            OffsetDateTime.parse(value);
            return Optional.empty();
        } catch (DateTimeParseException e) {
            return Optional.of("is not an RFC 3339 timestamp: '" + value + "'");
        }
    }

    private static boolean isBase64(String text) {
        try {
            Base64.getDecoder().decode(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? failure.getMessage() : root.getMessage();
    }
}
