package dev.steward.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.http.problem.ProblemType;
import dev.steward.config.EventsConfig;
import dev.steward.model.FieldError;
import io.cloudevents.CloudEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A CloudEvent whose data is over steward.events.max-data-bytes is refused, naming its data; one at the cap is read. */
class CloudEventDataCapTest {

    private static final int CAP = 1024;
    private static final Map<String, String> HEADERS = Map.of("ce-specversion", "1.0", "ce-id", "e-1",
            "ce-source", "https://ci.example.com/data", "ce-type", "com.example.dataset.ready");

    private final CloudEventReader reader =
            new CloudEventReader(new EventsConfig(true, Duration.ofSeconds(5), Duration.ofSeconds(30), 100, null, CAP));

    @Test
    void binaryDataOverTheCapIsRefusedNamingData() {
        EventRefused refused = assertThrows(EventRefused.class,
                () -> reader.read("application/json", HEADERS, jsonString(CAP + 1)));

        assertEquals(ProblemType.EVENT_DATA_TOO_LARGE, refused.type());
        assertEquals(413, refused.type().status().getCode());
        FieldError error = refused.errors().getFirst();
        assertEquals("data", error.field());
        assertTrue(error.message().contains(CAP + " bytes"), error.message());
    }

    @Test
    void binaryDataAtTheCapIsRead() {
        CloudEvent event = reader.read("application/json", HEADERS, jsonString(CAP)).getFirst();

        assertEquals(CAP, event.getData().toBytes().length);
    }

    @Test
    void aBatchWithOneEventOverTheCapIsRefusedWhole() {
        String small = structured("e-1", "\"small\"");
        String large = structured("e-2", new String(jsonString(CAP + 1), StandardCharsets.UTF_8));
        byte[] batch = ("[" + small + "," + large + "]").getBytes(StandardCharsets.UTF_8);

        EventRefused refused = assertThrows(EventRefused.class,
                () -> reader.read(CloudEventReader.BATCH, Map.of(), batch));

        assertEquals(ProblemType.EVENT_DATA_TOO_LARGE, refused.type());
        assertEquals(List.of("[1].data"), refused.errors().stream().map(FieldError::field).toList());
    }

    @Test
    void structuredBase64DataOverTheCapIsRefusedNamingData() {
        String base64 = java.util.Base64.getEncoder().encodeToString(new byte[CAP + 1]);
        byte[] body = ("{\"specversion\":\"1.0\",\"id\":\"e-1\",\"source\":\"https://ci.example.com/data\","
                + "\"type\":\"com.example.dataset.ready\",\"data_base64\":\"" + base64 + "\"}")
                .getBytes(StandardCharsets.UTF_8);

        EventRefused refused = assertThrows(EventRefused.class,
                () -> reader.read(CloudEventReader.STRUCTURED, Map.of(), body));

        assertEquals(ProblemType.EVENT_DATA_TOO_LARGE, refused.type());
        assertEquals("data_base64", refused.errors().getFirst().field());
    }

    /** A JSON string of exactly {@code bytes} bytes, quotes included. */
    private static byte[] jsonString(int bytes) {
        return ("\"" + "x".repeat(bytes - 2) + "\"").getBytes(StandardCharsets.UTF_8);
    }

    private static String structured(String id, String data) {
        return "{\"specversion\":\"1.0\",\"id\":\"" + id + "\",\"source\":\"https://ci.example.com/data\","
                + "\"type\":\"com.example.dataset.ready\",\"datacontenttype\":\"application/json\",\"data\":" + data + "}";
    }
}
