package dev.steward.app.http.json;

import dev.steward.model.StorableText;
import io.micronaut.core.type.Argument;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Deserializer;
import jakarta.inject.Singleton;
import java.io.IOException;

/**
 * Reads only JSON strings as strings, and only text Steward can store. The decoder would read a
 * number or a boolean as its text ({@code "owner": 5} as {@code "5"}), so a value of the wrong
 * type would be taken instead of refused; and a string holding U+0000 would fail in PostgreSQL.
 */
@Singleton
public class StrictStringDeserializer implements Deserializer<String> {

    @Override
    public String deserialize(Decoder decoder, DecoderContext context, Argument<? super String> type)
            throws IOException {
        return read(decoder);
    }

    /** The next value, which must be a JSON string of storable text. */
    static String read(Decoder decoder) throws IOException {
        Object value = decoder.decodeArbitrary();
        if (!(value instanceof String text)) {
            throw decoder.createDeserializationException("must be a string", value);
        }
        String problem = StorableText.problem(text);
        if (problem != null) {
            throw decoder.createDeserializationException(problem, null);
        }
        return text;
    }
}
