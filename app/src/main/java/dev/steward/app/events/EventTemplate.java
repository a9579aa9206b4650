package dev.steward.app.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.cloudevents.CloudEventAttributes;
import dev.steward.model.FieldError;
import io.cloudevents.CloudEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Trigger templates: JSON values whose strings may name event attributes ({@code ${subject}},
 * {@code ${source}}, any attribute or extension) and data fields ({@code ${data.user}},
 * {@code ${data.a.b}}, {@code ${data}}). Every placeholder becomes text, even one that is a whole
 * string: event data never turns into objects, numbers or booleans of the template (say, a
 * {@code valueFrom} in an env value, or an owner). Nothing is evaluated.
 */
final class EventTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");
    private static final Pattern REFERENCE = Pattern.compile("data(\\.[A-Za-z0-9_-]+)*|[a-z0-9]{1,20}");
    private static final ObjectMapper JSON = new ObjectMapper();

    private EventTemplate() {}

    /** The placeholders of {@code template} that name nothing an event can have, and unclosed ones. */
    static List<FieldError> check(Object template, String path) {
        List<FieldError> errors = new ArrayList<>();
        walk(template, path, (text, at) -> {
            Matcher matcher = PLACEHOLDER.matcher(text);
            while (matcher.find()) {
                if (!REFERENCE.matcher(matcher.group(1)).matches()) {
                    errors.add(new FieldError(at, "'${" + matcher.group(1) + "}' names no event attribute or data"
                            + " field: ${subject}, ${source}, ${data.user}, ..."));
                }
            }
            if (PLACEHOLDER.matcher(text).replaceAll("").contains("${")) {
                errors.add(new FieldError(at, "has a '${' without its '}'"));
            }
        });
        return errors;
    }

    /**
     * The template with every placeholder replaced by the text of its value in the event.
     *
     * @throws TemplateUnresolved naming a placeholder the event has no value for
     */
    static Object render(Object template, CloudEvent event, Optional<JsonNode> data) {
        return switch (template) {
            case Map<?, ?> map -> {
                Map<String, Object> out = new LinkedHashMap<>();
                map.forEach((key, value) -> out.put(String.valueOf(key), render(value, event, data)));
                yield out;
            }
            case List<?> list -> list.stream().map(value -> render(value, event, data)).toList();
            case String text -> renderText(text, event, data);
            case null -> null;
            default -> template;
        };
    }

    private static String renderText(String text, CloudEvent event, Optional<JsonNode> data) {
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            JsonNode value = resolve(matcher.group(1), event, data);
            matcher.appendReplacement(out, Matcher.quoteReplacement(value.isTextual() ? value.asText() : value.toString()));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static JsonNode resolve(String reference, CloudEvent event, Optional<JsonNode> data) {
        if (!reference.startsWith("data")) {
            return CloudEventAttributes.value(event, reference).<JsonNode>map(JSON.getNodeFactory()::textNode)
                    .orElseThrow(() -> new TemplateUnresolved("${" + reference + "}: the event has no attribute "
                            + reference));
        }
        JsonNode node = data.orElseThrow(() -> new TemplateUnresolved("${" + reference + "}: the event has no data"));
        String[] path = reference.split("\\.");
        for (int i = 1; i < path.length; i++) {
            node = node.get(path[i]);
            if (node == null || node.isNull()) {
                throw new TemplateUnresolved("${" + reference + "}: the event's data has no field "
                        + String.join(".", Arrays.copyOfRange(path, 1, i + 1)));
            }
        }
        return node;
    }

    private interface TextVisitor {
        void visit(String text, String path);
    }

    private static void walk(Object value, String path, TextVisitor visitor) {
        switch (value) {
            case Map<?, ?> map -> map.forEach((key, inner) -> walk(inner, path + "." + key, visitor));
            case List<?> list -> {
                for (int i = 0; i < list.size(); i++) {
                    walk(list.get(i), path + "[" + i + "]", visitor);
                }
            }
            case String text -> visitor.visit(text, path);
            case null, default -> { }
        }
    }
}
