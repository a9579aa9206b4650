package dev.steward.store;

import dev.steward.model.SessionSpec;
import io.micronaut.serde.ObjectMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;

/** A session spec as the JSON the sessions table stores. */
@Singleton
public class SpecJson {

    private final ObjectMapper mapper;

    public SpecJson(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public String write(SessionSpec spec) {
        try {
            return mapper.writeValueAsString(spec);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a session spec as JSON", e);
        }
    }
}
