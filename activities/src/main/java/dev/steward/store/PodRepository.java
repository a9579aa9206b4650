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
public interface PodRepository extends CrudRepository<PodRow, Long> {

    List<PodRow> findBySessionIdInOrderByPosition(Collection<UUID> sessionIds);

    /** The pods on {@code host} of every session whose containers may exist (not deleted): what a resync compares. */
    @Query("""
            SELECT p.* FROM pods p JOIN sessions s ON s.id = p.session_id
            WHERE s.status <> 'DELETED' AND p.host = :host ORDER BY p.session_id, p.part_name, p.position""")
    List<PodRow> findLiveOnHost(String host);

    @Query("SELECT status, COUNT(*) AS count FROM pods GROUP BY status")
    List<StatusCount> statusCounts();

    /**
     * Records a pod's status; a pod its part's spec added since the session was created (a new
     * replica) gets its row here, after the part's other pods. Nothing is written for a part that is gone.
     */
    @Query("""
            INSERT INTO pods (session_id, part_name, name, position, status, reason, message, container_id, host,
                restarts, last_exit_code, last_exit_reason, next_restart_at, updated_at)
            SELECT :sessionId, :partName, :name,
                (SELECT COALESCE(MAX(position) + 1, 0) FROM pods WHERE session_id = :sessionId AND part_name = :partName),
                :status, :reason, :message, :containerId, :host, :restarts, :lastExitCode, :lastExitReason,
                :nextRestartAt, :at
            WHERE EXISTS (SELECT 1 FROM session_parts WHERE session_id = :sessionId AND name = :partName)
            ON CONFLICT (session_id, part_name, name) DO UPDATE SET status = EXCLUDED.status,
                reason = EXCLUDED.reason, message = EXCLUDED.message, container_id = EXCLUDED.container_id,
                host = EXCLUDED.host, restarts = EXCLUDED.restarts, last_exit_code = EXCLUDED.last_exit_code,
                last_exit_reason = EXCLUDED.last_exit_reason, next_restart_at = EXCLUDED.next_restart_at,
                updated_at = EXCLUDED.updated_at""")
    void upsertStatus(UUID sessionId, String partName, String name, String status, @Nullable String reason, @Nullable String message,
            @Nullable String containerId, @Nullable String host, int restarts, @Nullable Integer lastExitCode,
            @Nullable String lastExitReason, @Nullable Instant nextRestartAt, Instant at);
}
