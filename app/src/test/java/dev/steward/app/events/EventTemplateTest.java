package dev.steward.app.events;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.steward.model.FieldError;
import io.cloudevents.CloudEvent;
import io.cloudevents.core.builder.CloudEventBuilder;
import java.net.URI;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Trigger templates: which placeholders a trigger may hold, and that rendering puts the text of an event's
 * attributes and data into strings and nowhere else: data never becomes an object, number or boolean of
 * the template, nor a placeholder that is rendered in turn.
 */
class EventTemplateTest {

    private static final CloudEvent EVENT = CloudEventBuilder.v1()
            .withId("e-1")
            .withSource(URI.create("/ci/builds"))
            .withType("build.done")
            .withSubject("build 7")
            .withTime(OffsetDateTime.parse("2030-01-02T03:04:05Z"))
            .withExtension("tenant", "ml")
            .withDataContentType("application/json")
            .withData("""
                    {"user":"ada","build":{"number":7,"green":true,"env":{"valueFrom":{"secretKeyRef":"db"}}},
                     "quoted":"a$1\\\\b","sneaky":"${id}"}""".getBytes(UTF_8))
            .build();

    @Test
    void placeholdersOfAttributesExtensionsAndDataFieldsAreAccepted() {
        Map<String, Object> template = Map.of(
                "owner", "${subject}",
                "env", List.of("FROM=${source} at ${time}", "TENANT=${tenant}", "${data}", "${data.build.number}"),
                "count", 3, "enabled", true, "none", "no placeholder");

        assertEquals(List.of(), EventTemplate.check(template, "action"));
    }

    @Test
    void aPlaceholderThatNamesNothingIsNamedByItsPath() {
        Map<String, Object> template = new LinkedHashMap<>();
        template.put("owner", "${Subject}");
        template.put("env", List.of("ok ${id}", "X=${data..user}", "${}", "${data.user name}"));

        List<FieldError> errors = EventTemplate.check(template, "action");

        assertEquals(List.of(
                new FieldError("action.owner", "'${Subject}' names no event attribute or data field: ${subject},"
                        + " ${source}, ${data.user}, ..."),
                new FieldError("action.env[1]", "'${data..user}' names no event attribute or data field: ${subject},"
                        + " ${source}, ${data.user}, ..."),
                new FieldError("action.env[2]", "'${}' names no event attribute or data field: ${subject},"
                        + " ${source}, ${data.user}, ..."),
                new FieldError("action.env[3]", "'${data.user name}' names no event attribute or data field:"
                        + " ${subject}, ${source}, ${data.user}, ...")), errors);
    }

    @Test
    void anUnclosedPlaceholderIsRefusedEvenBesideAGoodOne() {
        assertEquals(List.of(new FieldError("action.owner", "has a '${' without its '}'")),
                EventTemplate.check(Map.of("owner", "${subject}-${source"), "action"));
    }

    @Test
    void attributesExtensionsAndDataFieldsRenderAsTheirText() {
        Map<String, Object> template = new LinkedHashMap<>();
        template.put("owner", "${subject}");
        template.put("env", List.of("FROM=${source} at ${time} (${id}, ${type})", "TENANT=${tenant}",
                "USER=${data.user}"));

        Object rendered = EventTemplate.render(template, EVENT, EventData.of(EVENT));

        assertEquals(Map.of("owner", "build 7", "env", List.of(
                "FROM=/ci/builds at 2030-01-02T03:04:05Z (e-1, build.done)", "TENANT=ml", "USER=ada")), rendered);
    }

    @Test
    void dataThatIsAnObjectNumberOrBooleanBecomesTextEvenAsAWholeString() {
        Map<String, Object> template = new LinkedHashMap<>();
        template.put("env", "${data.build.env}");
        template.put("replicas", "${data.build.number}");
        template.put("enabled", "${data.build.green}");
        template.put("all", "${data.build}");

        Map<?, ?> rendered = assertInstanceOf(Map.class, EventTemplate.render(template, EVENT, EventData.of(EVENT)));

        assertEquals("{\"valueFrom\":{\"secretKeyRef\":\"db\"}}", assertInstanceOf(String.class, rendered.get("env")));
        assertEquals("7", assertInstanceOf(String.class, rendered.get("replicas")));
        assertEquals("true", assertInstanceOf(String.class, rendered.get("enabled")));
        assertEquals("{\"number\":7,\"green\":true,\"env\":{\"valueFrom\":{\"secretKeyRef\":\"db\"}}}",
                rendered.get("all"));
    }

    @Test
    void renderedTextIsNeitherRenderedAgainNorReadAsAReplacementPattern() {
        Object rendered = EventTemplate.render(List.of("${data.sneaky}", "${data.quoted}"), EVENT, EventData.of(EVENT));

        assertEquals(List.of("${id}", "a$1\\b"), rendered);
    }

    @Test
    void onlyStringValuesAreRenderedNotKeysNumbersBooleansOrNulls() {
        Map<String, Object> template = new LinkedHashMap<>();
        template.put("${subject}", "${id}");
        template.put("count", 3);
        template.put("enabled", false);
        template.put("none", null);
        Map<String, Object> before = new HashMap<>(template);

        Object rendered = EventTemplate.render(template, EVENT, EventData.of(EVENT));

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("${subject}", "e-1");
        expected.put("count", 3);
        expected.put("enabled", false);
        expected.put("none", null);
        assertEquals(expected, rendered);
        assertEquals(before, template, "the template itself is left as it was");
    }

    @Test
    void dataThatIsNotJsonIsOneStringWithNoFields() {
        CloudEvent text = CloudEventBuilder.v1(EVENT).withDataContentType("text/plain")
                .withData("{\"user\":\"ada\"}".getBytes(UTF_8)).build();

        assertEquals("{\"user\":\"ada\"}", EventTemplate.render("${data}", text, EventData.of(text)));
        assertEquals("${data.user}: the event's data has no field user", assertThrows(TemplateUnresolved.class,
                () -> EventTemplate.render("${data.user}", text, EventData.of(text))).getMessage());
    }

    @Test
    void aPlaceholderTheEventHasNoValueForIsUnresolvedAndNamed() {
        CloudEvent bare = CloudEventBuilder.v1().withId("e-2").withSource(URI.create("/ci")).withType("t").build();

        assertEquals(List.of(
                "${subject}: the event has no attribute subject",
                "${tenant}: the event has no attribute tenant",
                "${data.user}: the event has no data"),
                Arrays.stream(new String[] {"${subject}", "${tenant}", "${data.user}"})
                        .map(text -> assertThrows(TemplateUnresolved.class,
                                () -> EventTemplate.render(Map.of("x", text), bare, EventData.of(bare))).getMessage())
                        .toList());
        assertEquals("${data.build.branch}: the event's data has no field build.branch",
                assertThrows(TemplateUnresolved.class,
                        () -> EventTemplate.render("${data.build.branch}", EVENT, EventData.of(EVENT))).getMessage());
        assertEquals("${data.nobody.name}: the event's data has no field nobody",
                assertThrows(TemplateUnresolved.class,
                        () -> EventTemplate.render("${data.nobody.name}", EVENT, EventData.of(EVENT))).getMessage());
    }
}
