package dev.steward.store;

import io.micronaut.serde.ObjectMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Values as the JSON text that jsonb columns store: a session's spec, its conditions. */
@Singleton
public class JsonColumn {

    private final ObjectMapper mapper;

    public JsonColumn(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }
}
