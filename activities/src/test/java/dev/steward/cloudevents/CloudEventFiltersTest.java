package dev.steward.cloudevents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.model.FieldError;
import io.cloudevents.CloudEvent;
import io.cloudevents.core.builder.CloudEventBuilder;
import java.net.URI;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CloudEventFiltersTest {

    private static final CloudEvent EVENT = CloudEventBuilder.v1()
            .withId("e-1")
            .withSource(URI.create("https://ci.example.com/pipelines/7"))
            .withType("com.example.dataset.ready")
            .withSubject("sessions/abc")
            .withTime(OffsetDateTime.parse("2026-01-02T03:04:05Z"))
            .withExtension("tenant", "blue")
            .build();

    private static boolean matches(Object json) {
        return CloudEventFilters.parse(json, "filter").matches(EVENT);
    }

    @Test
    void exactComparesWholeValuesOfEveryNamedAttribute() {
        assertTrue(matches(Map.of("exact", Map.of("type", "com.example.dataset.ready", "tenant", "blue"))));
        assertFalse(matches(Map.of("exact", Map.of("type", "com.example.dataset"))));
        assertFalse(matches(Map.of("exact", Map.of("type", "com.example.dataset.ready", "tenant", "red"))));
    }

    @Test
    void anAttributeTheEventLacksNeverMatches() {
        assertFalse(matches(Map.of("exact", Map.of("dataschema", ""))));
        assertFalse(matches(Map.of("prefix", Map.of("region", "eu"))));
    }

    @Test
    void prefixAndSuffixCompareStringForms() {
        assertTrue(matches(Map.of("prefix", Map.of("source", "https://ci.example.com/"))));
        assertFalse(matches(Map.of("prefix", Map.of("source", "https://other.example.com/"))));
        assertTrue(matches(Map.of("suffix", Map.of("type", ".ready", "time", "05Z"))));
        assertFalse(matches(Map.of("suffix", Map.of("type", ".failed"))));
    }

    @Test
    void allAnyAndNotCombineNestedFilters() {
        Map<String, Object> isReady = Map.of("exact", Map.of("type", "com.example.dataset.ready"));
        Map<String, Object> isFailed = Map.of("exact", Map.of("type", "com.example.dataset.failed"));
        assertTrue(matches(Map.of("any", List.of(isFailed, isReady))));
        assertFalse(matches(Map.of("all", List.of(isFailed, isReady))));
        assertTrue(matches(Map.of("all", List.of(isReady, Map.of("not", isFailed)))));
        assertFalse(matches(Map.of("not", isReady)));
    }

    @Test
    void sqlIsEvaluatedByCloudEventsSql() {
        assertTrue(matches(Map.of("sql", "type LIKE 'com.example.%' AND tenant = 'blue'")));
        assertFalse(matches(Map.of("sql", "subject = 'sessions/other'")));
    }

    @Test
    void anSqlEvaluationErrorDoesNotMatch() {
        assertFalse(matches(Map.of("sql", "missingattribute = 'x'")));
        assertFalse(matches(Map.of("sql", "INT(subject) > 3")));
    }

    @Test
    void aFiltersArrayPassesWhenEveryFilterPasses() {
        CloudEventFilter filters = CloudEventFilters.parseArray(List.of(
                Map.of("prefix", Map.of("type", "com.example.")),
                Map.of("exact", Map.of("subject", "sessions/abc"))), "filters");
        assertTrue(filters.matches(EVENT));
        assertFalse(CloudEventFilters.parseArray(List.of(
                Map.of("prefix", Map.of("type", "com.example.")),
                Map.of("exact", Map.of("subject", "sessions/xyz"))), "filters").matches(EVENT));
    }

    @Test
    void toJsonReadsBackToAnEquivalentFilter() {
        Map<String, Object> json = Map.of("all", List.of(
                Map.of("prefix", Map.of("type", "com.example.")),
                Map.of("not", Map.of("sql", "tenant = 'red'"))));
        Object written = CloudEventFilters.parse(json, "filter").toJson();
        assertEquals(json, written);
        assertTrue(CloudEventFilters.parse(written, "filter").matches(EVENT));
    }

    @Test
    void everyFaultIsNamedByItsPath() {
        InvalidCloudEventFilter invalid = assertThrows(InvalidCloudEventFilter.class, () -> CloudEventFilters.parse(
                Map.of("all", List.of(
                        Map.of("exact", Map.of("Type", "x")),
                        Map.of("prefix", Map.of("type", "")),
                        Map.of("sql", "type = "),
                        Map.of("regex", "x"),
                        Map.of("any", List.of()),
                        Map.of("suffix", Map.of("type", 3)))), "filter"));
        List<String> fields = invalid.errors().stream().map(FieldError::field).toList();
        assertEquals(List.of("filter.all[0].exact.Type", "filter.all[1].prefix.type", "filter.all[2].sql",
                "filter.all[3]", "filter.all[4].any", "filter.all[5].suffix.type"), fields);
        assertTrue(invalid.errors().get(3).message().contains("unknown filter dialect 'regex'"));
    }

    @Test
    void truncatedSqlIsRefusedNotThrown() {
        for (String expression : List.of("type LIKE", "(type", "subject IS")) {
            InvalidCloudEventFilter invalid = assertThrows(InvalidCloudEventFilter.class,
                    () -> CloudEventFilters.parse(Map.of("sql", expression), "filter"), expression);
            assertEquals(List.of("filter.sql"), invalid.errors().stream().map(FieldError::field).toList());
        }
    }

    @Test
    void aFilterIsExactlyOneDialect() {
        assertThrows(InvalidCloudEventFilter.class, () -> CloudEventFilters.parse(Map.of(), "filter"));
        assertThrows(InvalidCloudEventFilter.class, () -> CloudEventFilters.parse(
                Map.of("exact", Map.of("type", "a"), "prefix", Map.of("type", "b")), "filter"));
        assertThrows(InvalidCloudEventFilter.class, () -> CloudEventFilters.parse("type = 'a'", "filter"));
        assertThrows(InvalidCloudEventFilter.class, () -> CloudEventFilters.parse(Map.of("exact", Map.of()), "filter"));
        assertThrows(InvalidCloudEventFilter.class, () -> CloudEventFilters.parse(Map.of("not", List.of()), "filter"));
    }
}
