package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface TransitionRepository extends GenericRepository<TransitionRow, UUID> {

    /** Oldest first; among changes of the same instant, in the order they were recorded. */
    @Query("SELECT * FROM state_transitions WHERE session_id = :sessionId ORDER BY occurred_at, seq")
    List<TransitionRow> findBySessionIdOldestFirst(UUID sessionId);

    @Query("""
            SELECT COUNT(*) FROM state_transitions
            WHERE session_id = :sessionId AND kind = 'SESSION' AND to_status = :status""")
    long countSessionTransitionsTo(UUID sessionId, String status);

    /** When the pod last left READY, and why: the newest of its transitions from READY. */
    @Query("""
            SELECT * FROM state_transitions
            WHERE session_id = :sessionId AND kind = 'POD' AND resource = :resource AND from_status = 'READY'
            ORDER BY occurred_at DESC, seq DESC LIMIT 1""")
    Optional<TransitionRow> findLastLeavingReady(UUID sessionId, String resource);

    /** @return 1 when inserted, 0 when a transition with this id was recorded already */
    @Query("""
            INSERT INTO state_transitions
                (id, session_id, kind, resource, from_status, to_status, reason, message, generation, occurred_at)
            VALUES (:id, :sessionId, :kind, :resource, :fromStatus, :toStatus, :reason, :message, :generation,
                :occurredAt)
            ON CONFLICT (id) DO NOTHING""")
    int insertIfAbsent(UUID id, UUID sessionId, String kind, String resource, @Nullable String fromStatus, String toStatus,
            @Nullable String reason, @Nullable String message, long generation, Instant occurredAt);

    /** @return how many of at most {@code limit} transitions recorded before {@code before} were deleted */
    @Query("""
            DELETE FROM state_transitions WHERE id IN (
                SELECT id FROM state_transitions WHERE recorded_at < :before LIMIT :limit)""")
    int purgeRecordedBefore(Instant before, int limit);
}
