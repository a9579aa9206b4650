package dev.steward.store;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.TypeDef;
import io.micronaut.data.model.DataType;
import java.time.Instant;
import java.util.List;

/**
 * A sender allowed to post events: the CloudEvents source (or source prefix) it speaks for, the
 * origins its Web Hooks handshake allows, and the SHA-256 of its bearer token (never the token).
 */
@MappedEntity("event_sources")
public record EventSourceRow(
        @Id String name,
        String source,
        boolean sourceIsPrefix,
        @TypeDef(type = DataType.JSON) List<String> allowedOrigins,
        String tokenHash,
        boolean configured,
        Instant createdAt) {

    /** Whether this sender may speak for an event whose {@code source} attribute is {@code eventSource}. */
    public boolean speaksFor(String eventSource) {
        return sourceIsPrefix ? eventSource.startsWith(source) : eventSource.equals(source);
    }
}
