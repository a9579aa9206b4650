package dev.steward.cloudevents;

import io.cloudevents.CloudEvent;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code exact}, {@code prefix} and {@code suffix} dialects: every named attribute is present on the
 * event and its value, in string form, compares with the given value as {@code match} says.
 */
public record AttributeFilter(AttributeMatch match, Map<String, String> attributes) implements CloudEventFilter {

    public AttributeFilter {
        attributes = Map.copyOf(attributes);
    }

    @Override
    public boolean matches(CloudEvent event) {
        return attributes.entrySet().stream().allMatch(expected -> CloudEventAttributes.value(event, expected.getKey())
                .map(actual -> match.test(actual, expected.getValue()))
                .orElse(false));
    }

    @Override
    public Object toJson() {
        return Map.of(match.dialect(), new LinkedHashMap<>(attributes));
    }
}
