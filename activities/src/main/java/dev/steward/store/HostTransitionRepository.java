package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface HostTransitionRepository extends GenericRepository<HostTransitionRow, UUID> {

    /** Oldest first; among changes of the same instant, in the order they were recorded. */
    @Query("SELECT * FROM host_transitions WHERE host = :host ORDER BY occurred_at, seq")
    List<HostTransitionRow> findByHostOldestFirst(String host);

    /** @return 1 when inserted, 0 when a transition with this id was recorded already */
    @Query("""
            INSERT INTO host_transitions (id, host, from_status, to_status, reason, message, occurred_at)
            VALUES (:id, :host, :fromStatus, :toStatus, :reason, :message, :occurredAt)
            ON CONFLICT (id) DO NOTHING""")
    int insertIfAbsent(UUID id, String host, @Nullable String fromStatus, String toStatus, String reason,
            @Nullable String message, Instant occurredAt);

    /** @return how many of at most {@code limit} host transitions from before {@code before} were deleted */
    @Query("""
            DELETE FROM host_transitions WHERE id IN (
                SELECT id FROM host_transitions WHERE occurred_at < :before LIMIT :limit)""")
    int purgeOccurredBefore(Instant before, int limit);
}
