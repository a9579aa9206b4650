package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An environment variable's value: given in the spec, or taken from a secret. In JSON a given value
 * is a string and a secret's is {@code {"valueFrom": {"secret": "db", "key": "password"}}}; a
 * secret's value is never in a spec, a workflow's input or its history, only a reference to it.
 *
 * @param value the value, when given
 * @param valueFrom the secret's key to take it from, otherwise
 */
public record EnvValue(String value, SecretKeyRef valueFrom) {

    public static EnvValue of(String value) {
        return new EnvValue(value, null);
    }

    public static EnvValue fromSecret(SecretKeyRef ref) {
        return new EnvValue(null, ref);
    }

    /** Given values as themselves, so that env written before secrets reads the same. */
    public static Map<String, EnvValue> of(Map<String, ?> env) {
        Map<String, EnvValue> values = new LinkedHashMap<>();
        env.forEach((name, v) -> values.put(name, v instanceof EnvValue given ? given : of((String) v)));
        return values;
    }

    @JsonIgnore
    public boolean isSecret() {
        return valueFrom != null;
    }

    /** As Temporal's JSON writes it: a string for a given value, as env was before secrets. */
    @JsonValue
    public Object json() {
        return valueFrom == null ? value : Map.of("valueFrom", valueFrom);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static EnvValue fromJson(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            return of(node.asText());
        }
        JsonNode from = node.path("valueFrom");
        JsonNode version = from.path("version");
        return fromSecret(new SecretKeyRef(from.path("secret").asText(null), from.path("key").asText(null),
                version.isNumber() ? version.asLong() : null));
    }
}
