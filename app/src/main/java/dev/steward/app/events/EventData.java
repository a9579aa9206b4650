package dev.steward.app.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cloudevents.CloudEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** An event's data as JSON: parsed when its content type is JSON (or absent), as one string otherwise. */
final class EventData {

    private static final ObjectMapper JSON = new ObjectMapper();

    private EventData() {}

    static Optional<JsonNode> of(CloudEvent event) {
        if (event.getData() == null) {
            return Optional.empty();
        }
        byte[] bytes = event.getData().toBytes();
        String contentType = event.getDataContentType();
        if (contentType == null || CloudEventReader.isJson(contentType)) {
            try {
                return Optional.of(JSON.readTree(bytes));
            } catch (IOException notJson) {
                // Without a content type, data need not be JSON: it is then text.
            }
        }
        return Optional.of(JSON.getNodeFactory().textNode(new String(bytes, StandardCharsets.UTF_8)));
    }

    /** The data as JSON text, for pods' environment and for reading it as a session spec. */
    static String text(JsonNode data) {
        return data.isTextual() ? data.asText() : data.toString();
    }
}
