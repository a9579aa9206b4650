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

    @Query("SELECT status, COUNT(*) AS count FROM pods GROUP BY status")
    List<StatusCount> statusCounts();

    @Query("""
            UPDATE pods SET status = :status, reason = :reason, message = :message,
                container_id = :containerId, host = :host, restarts = :restarts, last_exit_code = :lastExitCode,
                last_exit_reason = :lastExitReason, next_restart_at = :nextRestartAt, updated_at = :at
            WHERE session_id = :sessionId AND part_name = :partName AND name = :name""")
    void updateStatus(UUID sessionId, String partName, String name, String status, @Nullable String reason, @Nullable String message,
            @Nullable String containerId, @Nullable String host, int restarts, @Nullable Integer lastExitCode,
            @Nullable String lastExitReason, @Nullable Instant nextRestartAt, Instant at);
}
