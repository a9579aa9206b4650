package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Reads the outbox in the order its rows were numbered (see {@link Outbox}). */
@JdbcRepository(dialect = Dialect.POSTGRES)
public interface OutboxRepository extends GenericRepository<OutboxRow, UUID> {

    /** A session's changes after the given sequence number, oldest first. */
    @Query("""
            SELECT * FROM outbox_events WHERE session_id = :sessionId AND sequence > :after
            ORDER BY sequence LIMIT :limit""")
    List<OutboxRow> findBySessionAfter(UUID sessionId, long after, int limit);

    /** Changes after the given position, oldest first; {@code null} owner or session matches any. */
    @Query("""
            SELECT * FROM outbox_events
            WHERE position > :after
              AND (CAST(:owner AS TEXT) IS NULL OR owner = :owner)
              AND (CAST(:sessionId AS UUID) IS NULL OR session_id = :sessionId)
            ORDER BY position LIMIT :limit""")
    List<OutboxRow> findAfter(long after, @Nullable String owner, @Nullable UUID sessionId, int limit);

    /** The position of the newest change, or 0 when the outbox is empty and nothing was ever numbered. */
    @Query("SELECT COALESCE((SELECT last FROM outbox_counters WHERE stream = '*'), 0)")
    long lastPosition();

    /**
     * Deletes at most {@code limit} events recorded before {@code before} at positions up to {@code delivered}
     * (what every subscription has).
     *
     * @return how many
     */
    @Query("""
            DELETE FROM outbox_events WHERE id IN (
                SELECT id FROM outbox_events WHERE recorded_at < :before AND position <= :delivered
                ORDER BY position LIMIT :limit)""")
    int purgeDelivered(Instant before, long delivered, int limit);
}
