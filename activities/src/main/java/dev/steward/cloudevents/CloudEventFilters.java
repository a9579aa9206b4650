package dev.steward.cloudevents;

import dev.steward.model.FieldError;
import io.cloudevents.sql.ParseException;
import io.cloudevents.sql.Parser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads filters from the JSON shape of the CloudEvents Subscriptions API, given as plain JSON values (maps,
 * lists, strings), for example {@code {"all": [{"exact": {"type": "com.example.created"}}, {"sql": "subject LIKE 'a%'"}]}}.
 * Every fault is reported at once, each named by its path below the given root.
 */
public final class CloudEventFilters {

    private CloudEventFilters() {}

    /**
     * The filter {@code json} describes.
     *
     * @param json the filter as a JSON object
     * @param path where the filter sits in its request, for error messages, e.g. {@code filter}
     * @throws InvalidCloudEventFilter naming every fault when {@code json} is not a valid filter
     */
    public static CloudEventFilter parse(Object json, String path) {
        List<FieldError> errors = new ArrayList<>();
        CloudEventFilter filter = parse(json, path, errors);
        if (!errors.isEmpty()) {
            throw new InvalidCloudEventFilter(errors);
        }
        return filter;
    }

    /**
     * The filters of a Subscriptions API {@code filters} array, which an event passes when it passes all of them.
     *
     * @throws InvalidCloudEventFilter naming every fault when {@code json} is not an array of valid filters
     */
    public static CloudEventFilter parseArray(Object json, String path) {
        List<FieldError> errors = new ArrayList<>();
        List<CloudEventFilter> filters = nested(json, path, errors);
        if (!errors.isEmpty()) {
            throw new InvalidCloudEventFilter(errors);
        }
        return new AllFilter(filters);
    }

    private static CloudEventFilter parse(Object json, String path, List<FieldError> errors) {
        if (!(json instanceof Map<?, ?> object) || object.size() != 1) {
            errors.add(new FieldError(path, "must be an object with exactly one dialect: exact, prefix, suffix, all, any, not or sql"));
            return null;
        }
        Map.Entry<?, ?> only = object.entrySet().iterator().next();
        String dialect = String.valueOf(only.getKey());
        Object value = only.getValue();
        String at = path + "." + dialect;
        return switch (dialect) {
            case "exact" -> attributes(AttributeMatch.EXACT, value, at, errors);
            case "prefix" -> attributes(AttributeMatch.PREFIX, value, at, errors);
            case "suffix" -> attributes(AttributeMatch.SUFFIX, value, at, errors);
            case "all" -> new AllFilter(nested(value, at, errors));
            case "any" -> new AnyFilter(nested(value, at, errors));
            case "not" -> {
                CloudEventFilter inner = parse(value, at, errors);
                yield inner == null ? null : new NotFilter(inner);
            }
            case "sql" -> sql(value, at, errors);
            default -> {
                errors.add(new FieldError(path, "unknown filter dialect '" + dialect
                        + "'; one of exact, prefix, suffix, all, any, not, sql"));
                yield null;
            }
        };
    }

    private static AttributeFilter attributes(AttributeMatch match, Object value, String path, List<FieldError> errors) {
        if (!(value instanceof Map<?, ?> object) || object.isEmpty()) {
            errors.add(new FieldError(path, "must be an object naming at least one attribute and its value"));
            return null;
        }
        Map<String, String> attributes = new LinkedHashMap<>();
        object.forEach((key, expected) -> {
            String name = String.valueOf(key);
            String at = path + "." + name;
            if (!CloudEventAttributes.isValidName(name)) {
                errors.add(new FieldError(at, "is not a CloudEvents attribute name (1 to 20 lower-case letters or digits)"));
            } else if (!(expected instanceof String text)) {
                errors.add(new FieldError(at, "must be a string"));
            } else if (match != AttributeMatch.EXACT && text.isEmpty()) {
                errors.add(new FieldError(at, "must not be empty"));
            } else {
                attributes.put(name, text);
            }
        });
        return new AttributeFilter(match, attributes);
    }

    private static List<CloudEventFilter> nested(Object value, String path, List<FieldError> errors) {
        if (!(value instanceof List<?> list) || list.isEmpty()) {
            errors.add(new FieldError(path, "must be a non-empty array of filters"));
            return List.of();
        }
        List<CloudEventFilter> filters = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            CloudEventFilter filter = parse(list.get(i), path + "[" + i + "]", errors);
            if (filter != null) {
                filters.add(filter);
            }
        }
        return filters;
    }

    private static SqlFilter sql(Object value, String path, List<FieldError> errors) {
        if (!(value instanceof String expression) || expression.isBlank()) {
            errors.add(new FieldError(path, "must be a non-empty CloudEvents SQL expression"));
            return null;
        }
        try {
            return new SqlFilter(expression, Parser.parseDefault(expression));
        } catch (ParseException e) {
            errors.add(new FieldError(path, "is not valid CloudEvents SQL: " + e.getMessage()));
            return null;
        } catch (RuntimeException e) {
            // cloudevents-sql's parser throws a NullPointerException on some truncated expressions ("type LIKE").
            errors.add(new FieldError(path, "is not valid CloudEvents SQL"));
            return null;
        }
    }
}
