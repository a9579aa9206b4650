package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.TypeDef;
import io.micronaut.data.model.DataType;
import java.time.Instant;
import java.util.List;

/**
 * A sender allowed to post events: the CloudEvents source (or source prefix) it speaks for, the
 * origins its Web Hooks handshake allows, the SHA-256 of its bearer token (never the token), the owner
 * it acts for and what it may drive.
 *
 * @param owner whose sessions its events create and act on; null when it acts for every owner
 * @param types the Steward event types it may send
 * @param triggers the names of the triggers its events may fire
 */
@MappedEntity("event_sources")
public record EventSourceRow(
        @Id String name,
        String source,
        boolean sourceIsPrefix,
        @TypeDef(type = DataType.JSON) List<String> allowedOrigins,
        String tokenHash,
        boolean configured,
        Instant createdAt,
        @Nullable String owner,
        @TypeDef(type = DataType.JSON) List<String> types,
        @TypeDef(type = DataType.JSON) List<String> triggers) {

    /** Whether this sender may speak for an event whose {@code source} attribute is {@code eventSource}. */
    public boolean speaksFor(String eventSource) {
        return sourceIsPrefix ? eventSource.startsWith(source) : eventSource.equals(source);
    }
}
