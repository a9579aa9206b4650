package dev.steward.store;

import dev.steward.model.EnvValue;
import dev.steward.model.SecretKeyRef;
import dev.steward.model.StorableText;
import io.micronaut.core.type.Argument;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Encoder;
import io.micronaut.serde.Serde;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.util.Map;
import java.util.Set;

/**
 * An env value as JSON, in a spec sent to the API and in the spec column: a string when given,
 * {@code {"valueFrom": {"secret": "db", "key": "password"}}} when taken from a secret (with the
 * secret's {@code version}, once the service stamped it). Anything else is refused, naming what is wrong.
 */
@Singleton
public class EnvValueSerde implements Serde<EnvValue> {

    private static final String SHAPE = "must be a string or {\"valueFrom\": {\"secret\": \"name\", \"key\": \"key\"}}";
    private static final Set<String> REF_FIELDS = Set.of("secret", "key", "version");

    @Override
    public EnvValue deserialize(Decoder decoder, DecoderContext context, Argument<? super EnvValue> type)
            throws IOException {
        JsonNode node = decoder.decodeNode();
        if (node.isString()) {
            return EnvValue.of(storable(decoder, node.getStringValue()));
        }
        JsonNode from = node.isObject() && node.size() == 1 ? node.get("valueFrom") : null;
        if (from == null || !from.isObject()) {
            throw decoder.createDeserializationException(SHAPE, null);
        }
        for (Map.Entry<String, JsonNode> field : from.entries()) {
            if (!REF_FIELDS.contains(field.getKey())) {
                throw decoder.createDeserializationException("valueFrom." + field.getKey() + ": unknown field", null);
            }
        }
        JsonNode version = from.get("version");
        if (version != null && !version.isNumber()) {
            throw decoder.createDeserializationException("valueFrom.version must be a number", null);
        }
        return EnvValue.fromSecret(new SecretKeyRef(text(decoder, from, "secret"), text(decoder, from, "key"),
                version == null ? null : version.getLongValue()));
    }

    private static String text(Decoder decoder, JsonNode from, String field) throws IOException {
        JsonNode value = from.get(field);
        if (value == null || !value.isString()) {
            throw decoder.createDeserializationException("valueFrom." + field + " must be a string", null);
        }
        return storable(decoder, value.getStringValue());
    }

    private static String storable(Decoder decoder, String text) throws IOException {
        String problem = StorableText.problem(text);
        if (problem != null) {
            throw decoder.createDeserializationException(problem, null);
        }
        return text;
    }

    @Override
    public void serialize(Encoder encoder, EncoderContext context, Argument<? extends EnvValue> type, EnvValue value)
            throws IOException {
        if (!value.isSecret()) {
            encoder.encodeString(value.value());
            return;
        }
        SecretKeyRef ref = value.valueFrom();
        try (Encoder env = encoder.encodeObject(type)) {
            env.encodeKey("valueFrom");
            try (Encoder from = env.encodeObject(Argument.of(SecretKeyRef.class))) {
                from.encodeKey("secret");
                from.encodeString(ref.secret());
                from.encodeKey("key");
                from.encodeString(ref.key());
                if (ref.version() != null) {
                    from.encodeKey("version");
                    from.encodeLong(ref.version());
                }
            }
        }
    }
}
