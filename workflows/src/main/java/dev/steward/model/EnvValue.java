package dev.steward.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;
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

    /**
     * From a string or {@code {"valueFrom": {...}}} read as plain JSON values: Temporal's Jackson and the
     * API's clients both read it so (the service itself reads it strictly, with {@code EnvValueSerde}).
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static EnvValue fromJson(Object json) {
        if (json == null) {
            return null;
        }
        if (!(json instanceof Map<?, ?> object)) {
            return of(String.valueOf(json));
        }
        Map<?, ?> from = object.get("valueFrom") instanceof Map<?, ?> ref ? ref : Map.of();
        Object version = from.get("version");
        return fromSecret(new SecretKeyRef((String) from.get("secret"), (String) from.get("key"),
                version instanceof Number number ? number.longValue() : null));
    }
}
