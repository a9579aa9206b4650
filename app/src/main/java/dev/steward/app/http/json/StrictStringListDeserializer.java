package dev.steward.app.http.json;

import io.micronaut.core.type.Argument;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Deserializer;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Lists of strings (a command, a part's {@code after}) hold JSON strings of storable text only.
 * The decoder reads them through a shortcut of its own that takes {@code [42]} as {@code ["42"]}
 * and passes {@link StrictStringDeserializer} by.
 */
@Singleton
public class StrictStringListDeserializer implements Deserializer<List<String>> {

    @Override
    public List<String> deserialize(Decoder decoder, DecoderContext context, Argument<? super List<String>> type)
            throws IOException {
        List<String> strings = new ArrayList<>();
        try (Decoder array = decoder.decodeArray()) {
            while (array.hasNextArrayValue()) {
                strings.add(StrictStringDeserializer.read(array));
            }
        }
        return strings;
    }
}
