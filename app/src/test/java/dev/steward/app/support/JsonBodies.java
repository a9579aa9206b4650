package dev.steward.app.support;

import io.micronaut.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;

/** JSON text for the bodies the integration tests send and read through {@link RawHttp}. */
public final class JsonBodies {

    private JsonBodies() {}

    public static <T> T read(JsonMapper json, RawAnswer answer, Class<T> type) {
        try {
            return json.readValue(answer.body(), type);
        } catch (IOException e) {
            throw new UncheckedIOException(answer.toString(), e);
        }
    }

    public static String write(JsonMapper json, Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
