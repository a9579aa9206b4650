package dev.steward.app.events;

import dev.steward.store.EventSourceRow;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;
import java.util.List;

/**
 * A registered event source as the API shows it.
 *
 * @param owner whose sessions its events create and act on; null when it acts for every owner
 * @param allOwners whether it acts for every owner
 * @param types the Steward event types it may send
 * @param triggers the names of the triggers its events may fire
 * @param configured registered from the service's configuration: the API cannot delete it
 * @param token the bearer token, in the answer to its registration only; never shown again
 */
@Serdeable
public record EventSourceView(String name, @Nullable String source, @Nullable String sourcePrefix,
        List<String> allowedOrigins, @Nullable String owner, boolean allOwners, List<String> types,
        List<String> triggers, boolean configured, Instant createdAt, @Nullable String token) {

    static EventSourceView of(EventSourceRow row, @Nullable String token) {
        return new EventSourceView(row.name(), row.sourceIsPrefix() ? null : row.source(),
                row.sourceIsPrefix() ? row.source() : null, row.allowedOrigins(), row.owner(), row.owner() == null,
                row.types(), row.triggers(), row.configured(), row.createdAt(), token);
    }
}
