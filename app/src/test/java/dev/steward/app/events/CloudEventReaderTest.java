package dev.steward.app.events;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.http.problem.ProblemType;
import dev.steward.config.EventsConfig;
import dev.steward.model.FieldError;
import io.cloudevents.CloudEvent;
import java.net.URI;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The three modes of the CloudEvents HTTP binding as a delivery arrives: what each accepts, and that every
 * fault of a refused delivery is named by its attribute (in a batch, by its index too), all at once.
 */
class CloudEventReaderTest {

    private static final int MAX_BATCH = 3;
    private static final String EVENT = """
            {"specversion":"1.0","id":"e-1","source":"/ci/builds","type":"build.done"}""";

    private final CloudEventReader reader = new CloudEventReader(
            new EventsConfig(true, Duration.ofSeconds(30), Duration.ofSeconds(30), MAX_BATCH, null, 65_536));

    @Nested
    class BinaryMode {

        @Test
        void readsTheAttributesFromCeHeadersAndTheBodyAsData() {
            Map<String, String> headers = binaryHeaders();
            headers.put("ce-subject", "build 7");
            headers.put("ce-time", "2030-01-02T03:04:05Z");
            headers.put("ce-tenant", "ml");
            headers.put("content-type", "application/json");

            CloudEvent event = single(reader.read("application/json", headers, bytes("{\"user\":\"ada\"}")));

            assertEquals("e-1", event.getId());
            assertEquals(URI.create("/ci/builds"), event.getSource());
            assertEquals("build.done", event.getType());
            assertEquals("build 7", event.getSubject());
            assertEquals(OffsetDateTime.parse("2030-01-02T03:04:05Z"), event.getTime());
            assertEquals("ml", event.getExtension("tenant"), "a ce- header no attribute names is an extension");
            assertEquals("application/json", event.getDataContentType());
            assertArrayEquals(bytes("{\"user\":\"ada\"}"), event.getData().toBytes());
        }

        @Test
        void dataThatIsNotJsonIsTakenAsItIsUnderItsOwnContentType() {
            Map<String, String> headers = binaryHeaders();
            headers.put("content-type", "text/plain");

            CloudEvent event = single(reader.read("text/plain", headers, bytes("{not json")));

            assertArrayEquals(bytes("{not json"), event.getData().toBytes());
        }

        @Test
        void anEventWithoutDataIsAccepted() {
            CloudEvent event = single(reader.read(null, binaryHeaders(), new byte[0]));

            assertEquals("e-1", event.getId());
            assertNull(event.getData());
        }

        @Test
        void everyMissingOrEmptyAttributeIsNamedWithTheHeaderThatCarriesIt() {
            Map<String, String> headers = new HashMap<>(Map.of("ce-id", ""));

            EventRefused refused = refused(() -> reader.read(null, headers, new byte[0]));

            assertEquals(List.of("specversion", "id", "source", "type"), fields(refused));
            assertEquals("is required (binary mode: header ce-id; structured mode: Content-Type "
                    + "application/cloudevents+json)", refused.errors().get(1).message());
        }

        @Test
        void anotherSpecVersionABadSourceAndABadTimeAreEachNamed() {
            Map<String, String> headers = binaryHeaders();
            headers.put("ce-specversion", "0.3");
            headers.put("ce-source", "http://exa mple");
            headers.put("ce-time", "yesterday");

            EventRefused refused = refused(() -> reader.read(null, headers, new byte[0]));

            assertEquals(List.of(
                    new FieldError("specversion", "'0.3' is not supported: Steward takes CloudEvents 1.0"),
                    new FieldError("time", "is not an RFC 3339 timestamp: 'yesterday'")),
                    List.of(refused.errors().get(0), refused.errors().get(2)));
            assertEquals("source", refused.errors().get(1).field());
            assertTrue(refused.errors().get(1).message().startsWith("is not a URI reference: "),
                    refused.errors().get(1).message());
        }

        @Test
        void dataThatClaimsJsonMustBeJsonWhateverTheJsonMediaType() {
            for (String contentType : List.of("application/json", "application/vnd.ci+json; charset=utf-8",
                    "text/json")) {
                Map<String, String> headers = binaryHeaders();
                headers.put("content-type", contentType);

                EventRefused refused = refused(() -> reader.read(contentType, headers, bytes("{\"user\":")));

                assertEquals(List.of(new FieldError("data", "is not valid JSON, though its content type is "
                        + contentType)), refused.errors(), contentType);
            }
        }
    }

    @Nested
    class StructuredMode {

        @Test
        void readsOneEventWithItsDataAndExtensions() {
            String body = """
                    {"specversion":"1.0","id":"e-1","source":"/ci/builds","type":"build.done","subject":"build 7",
                     "datacontenttype":"application/json","data":{"user":"ada"},"tenant":"ml"}""";

            CloudEvent event = single(reader.read("application/cloudevents+json", Map.of(), bytes(body)));

            assertEquals("e-1", event.getId());
            assertEquals("build 7", event.getSubject());
            assertEquals("ml", event.getExtension("tenant"), "an attribute the spec does not name is an extension");
            assertEquals("{\"user\":\"ada\"}", new String(event.getData().toBytes(), UTF_8));
        }

        @Test
        void theMediaTypeIsReadWithoutItsParametersAndWhateverItsCase() {
            CloudEvent event = single(reader.read("Application/CloudEvents+JSON; charset=utf-8", Map.of(), bytes(EVENT)));

            assertEquals("e-1", event.getId());
        }

        @Test
        void dataBase64IsDecoded() {
            String body = EVENT.replace("}", ",\"data_base64\":\"AAEC\"}");

            CloudEvent event = single(reader.read(CloudEventReader.STRUCTURED, Map.of(), bytes(body)));

            assertArrayEquals(new byte[] {0, 1, 2}, event.getData().toBytes());
        }

        @Test
        void aMissingAttributeIsRequiredAndOneThatIsNotAStringOrEmptyIsNamedSo() {
            String body = """
                    {"specversion":"1.0","id":7,"source":"","type":null}""";

            EventRefused refused = refused(() -> reader.read(CloudEventReader.STRUCTURED, Map.of(), bytes(body)));

            assertEquals(List.of(
                    new FieldError("id", "must be a non-empty string"),
                    new FieldError("source", "must be a non-empty string"),
                    new FieldError("type", "is required")), refused.errors());
        }

        @Test
        void everyFaultOfTheEventIsNamedAtOnce() {
            String body = """
                    {"specversion":"0.3","id":"e-1","source":"http://exa mple","type":"t","time":"noon",
                     "data":{},"data_base64":"%%%"}""";

            EventRefused refused = refused(() -> reader.read(CloudEventReader.STRUCTURED, Map.of(), bytes(body)));

            assertEquals(List.of("specversion", "source", "time", "data_base64", "data_base64"), fields(refused));
            assertEquals("an event carries data or data_base64, not both", refused.errors().get(3).message());
            assertEquals("is not base64", refused.errors().get(4).message());
            assertEquals(ProblemType.INVALID_EVENT, refused.type());
            assertEquals("the delivery is not valid CloudEvents 1.0: 5 fault(s); nothing was stored",
                    refused.getMessage());
        }

        @Test
        void aBodyThatIsNotOneJsonObjectIsRefusedAsTheBody() {
            assertEquals(List.of(new FieldError("body", "an event is a JSON object")),
                    refused(() -> reader.read(CloudEventReader.STRUCTURED, Map.of(), bytes("[" + EVENT + "]"))).errors());
            assertEquals(List.of(new FieldError("body", "the body is empty")),
                    refused(() -> reader.read(CloudEventReader.STRUCTURED, Map.of(), new byte[0])).errors());
            FieldError notJson = refused(() -> reader.read(CloudEventReader.STRUCTURED, Map.of(), bytes("{\"id\":")))
                    .errors().getFirst();
            assertEquals("body", notJson.field());
            assertTrue(notJson.message().startsWith("is not valid JSON: "), notJson.message());
        }

        @Test
        void anExtensionNameTheSpecDoesNotAllowIsRefusedAsUnreadable() {
            String body = EVENT.replace("}", ",\"Not_Allowed\":\"x\"}");

            EventRefused refused = refused(() -> reader.read(CloudEventReader.STRUCTURED, Map.of(), bytes(body)));

            assertEquals("event", refused.errors().getFirst().field());
            assertTrue(refused.errors().getFirst().message().startsWith("cannot be read: "),
                    refused.errors().getFirst().message());
        }
    }

    @Nested
    class BatchMode {

        @Test
        void readsEveryEventInOrder() {
            String body = "[" + EVENT + "," + EVENT.replace("e-1", "e-2") + "]";

            List<CloudEvent> events = reader.read(CloudEventReader.BATCH, Map.of(), bytes(body));

            assertEquals(List.of("e-1", "e-2"), events.stream().map(CloudEvent::getId).toList());
        }

        @Test
        void theFaultsOfEveryEventAreNamedByItsIndex() {
            String body = "[" + EVENT.replace("\"e-1\"", "\"\"") + ",\"not an event\"," + EVENT.replace("\"1.0\"", "\"2\"")
                    + "]";

            EventRefused refused = refused(() -> reader.read(CloudEventReader.BATCH, Map.of(), bytes(body)));

            assertEquals(List.of(
                    new FieldError("[0].id", "must be a non-empty string"),
                    new FieldError("[1]", "an event is a JSON object"),
                    new FieldError("[2].specversion", "'2' is not supported: Steward takes CloudEvents 1.0")),
                    refused.errors());
        }

        @Test
        void aBatchIsANonEmptyArrayOfAtMostTheConfiguredSize() {
            assertEquals(List.of(new FieldError("body",
                            "a batch is a JSON array of events in the structured JSON format")),
                    refused(() -> reader.read(CloudEventReader.BATCH, Map.of(), bytes(EVENT))).errors());
            assertEquals(List.of(new FieldError("body", "a batch carries at least one event")),
                    refused(() -> reader.read(CloudEventReader.BATCH, Map.of(), bytes("[]"))).errors());
            String four = "[" + String.join(",", EVENT, EVENT, EVENT, EVENT) + "]";
            assertEquals(List.of(new FieldError("body", "a batch carries at most 3 events, this one 4")),
                    refused(() -> reader.read(CloudEventReader.BATCH, Map.of(), bytes(four))).errors());
        }

        @Test
        void aBatchOfTheConfiguredSizeIsAccepted() {
            String three = "[" + String.join(",", EVENT, EVENT, EVENT) + "]";

            assertEquals(MAX_BATCH, reader.read(CloudEventReader.BATCH, Map.of(), bytes(three)).size());
        }
    }

    @Test
    void aCloudEventsFormatOtherThanJsonIsRefusedByItsContentType() {
        EventRefused refused = refused(() -> reader.read("application/cloudevents+xml", binaryHeaders(), bytes("<e/>")));

        assertEquals(List.of(new FieldError("content-type", "'application/cloudevents+xml' is not an event format"
                + " Steward reads: application/cloudevents+json or application/cloudevents-batch+json, or binary mode")),
                refused.errors());
    }

    @Test
    void whatIsStoredReadsBackAsTheSameEvent() {
        Map<String, String> headers = binaryHeaders();
        headers.put("ce-tenant", "ml");
        headers.put("content-type", "application/json");
        CloudEvent event = single(reader.read("application/json", headers, bytes("{\"user\":\"ada\"}")));

        CloudEvent stored = reader.readStored(reader.write(event));

        assertEquals(event.getId(), stored.getId());
        assertEquals(event.getSource(), stored.getSource());
        assertEquals("ml", stored.getExtension("tenant"));
        assertEquals("{\"user\":\"ada\"}", new String(stored.getData().toBytes(), UTF_8));
    }

    @Test
    void jsonMediaTypesAreTheJsonOnesWhateverTheirParameters() {
        assertTrue(CloudEventReader.isJson("application/json"));
        assertTrue(CloudEventReader.isJson("Application/JSON; charset=utf-8"));
        assertTrue(CloudEventReader.isJson("application/vnd.ci+json"));
        assertTrue(CloudEventReader.isJson("text/json"));
        assertFalse(CloudEventReader.isJson("text/plain"));
        assertFalse(CloudEventReader.isJson("application/jsonl"));
    }

    private static Map<String, String> binaryHeaders() {
        return new HashMap<>(Map.of("ce-specversion", "1.0", "ce-id", "e-1", "ce-source", "/ci/builds",
                "ce-type", "build.done"));
    }

    private static CloudEvent single(List<CloudEvent> events) {
        assertEquals(1, events.size());
        return events.getFirst();
    }

    private static EventRefused refused(Executable read) {
        return assertThrows(EventRefused.class, read);
    }

    private static List<String> fields(EventRefused refused) {
        return refused.errors().stream().map(FieldError::field).toList();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(UTF_8);
    }
}
