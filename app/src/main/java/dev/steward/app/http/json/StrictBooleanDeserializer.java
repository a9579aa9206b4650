package dev.steward.app.http.json;

import io.micronaut.core.type.Argument;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Deserializer;
import jakarta.inject.Singleton;
import java.io.IOException;

/**
 * Reads only JSON {@code true} and {@code false} as booleans. The decoder would read any string
 * as one ({@code "soon"} as {@code false}), so a value of the wrong type would change a host's
 * switches instead of being refused.
 */
@Singleton
public class StrictBooleanDeserializer implements Deserializer<Boolean> {

    @Override
    public Boolean deserialize(Decoder decoder, DecoderContext context, Argument<? super Boolean> type)
            throws IOException {
        Object value = decoder.decodeArbitrary();
        if (value instanceof Boolean bool) {
            return bool;
        }
        throw decoder.createDeserializationException("must be true or false", value);
    }
}
