package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface PartRepository extends CrudRepository<PartRow, Long> {

    List<PartRow> findBySessionIdInOrderByPosition(Collection<UUID> sessionIds);

    /** Sets the part's status; {@code progressingSince} moves to {@code occurredAt} only when {@code progressing} flips. */
    @Query("""
            UPDATE session_parts SET status = :status, reason = :reason, message = :message, updated_at = :at,
                progressing_since = CASE WHEN progressing <> :progressing THEN :occurredAt ELSE progressing_since END,
                progressing = :progressing
            WHERE session_id = :sessionId AND name = :name""")
    void updateStatus(UUID sessionId, String name, String status, @Nullable String reason, @Nullable String message,
            boolean progressing, Instant occurredAt, Instant at);
}
