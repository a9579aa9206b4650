package dev.steward.store;

import dev.steward.model.SessionStatus;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.Page;
import io.micronaut.data.model.Pageable;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.PageableRepository;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface SessionRepository extends PageableRepository<SessionRow, UUID> {

    List<SessionRow> findByIdIn(Collection<UUID> ids);

    Page<SessionRow> findByOwner(String owner, Pageable pageable);

    Page<SessionRow> findByStatus(SessionStatus status, Pageable pageable);

    Page<SessionRow> findByOwnerAndStatus(String owner, SessionStatus status, Pageable pageable);

    /** @param conditions the conditions as a JSON array, or {@code null} to keep those recorded */
    @Query("""
            UPDATE sessions SET status = :status, reason = :reason, message = :message,
                observed_generation = GREATEST(observed_generation, :observedGeneration),
                conditions = COALESCE(CAST(:conditions AS jsonb), conditions), updated_at = :at
            WHERE id = :id""")
    void updateStatus(UUID id, String status, @Nullable String reason, @Nullable String message, long observedGeneration,
            @Nullable String conditions, Instant at);

    /** Generations only grow: a late retry of an older change is ignored. */
    @Query("""
            UPDATE sessions SET desired_status = :desiredStatus, generation = :generation, updated_at = :at
            WHERE id = :id AND generation < :generation""")
    void updateDesiredStatus(UUID id, String desiredStatus, long generation, Instant at);

    /** Generations only grow: a late retry of an older timeslot is ignored. */
    @Query("""
            UPDATE sessions SET provision_at = :provisionAt, start_at = :startAt, end_at = :endAt,
                cleanup_deadline = :cleanupDeadline, generation = :generation, updated_at = :at
            WHERE id = :id AND generation <= :generation""")
    void updateTimeslot(UUID id, @Nullable Instant provisionAt, @Nullable Instant startAt, @Nullable Instant endAt,
            @Nullable Instant cleanupDeadline, long generation, Instant at);

    /** @param conditions the conditions as a JSON array */
    @Query("UPDATE sessions SET conditions = CAST(:conditions AS jsonb), updated_at = :at WHERE id = :id")
    void updateConditions(UUID id, String conditions, Instant at);
    /** Generations only grow: a late retry of an older spec is ignored. */
    @Query("""
            UPDATE sessions SET spec = CAST(:spec AS JSONB), generation = :generation, updated_at = :at
            WHERE id = :id AND generation < :generation""")
    void updateSpec(UUID id, String spec, long generation, Instant at);

    @Query("SELECT status, COUNT(*) AS count FROM sessions GROUP BY status")
    List<StatusCount> statusCounts();

    Optional<Instant> findCreatedAtById(UUID id);

    /** Sessions that have not ended, created before {@code before}: each should have a running workflow. */
    @Query("SELECT * FROM sessions WHERE status NOT IN ('DELETED', 'EXPIRED', 'FAILED') AND created_at < :before")
    List<SessionRow> findUnendedCreatedBefore(Instant before);

    /**
     * Holds the owner's quota until the transaction ends, so that two creations for one owner count one
     * after the other.
     */
    @Query("SELECT COUNT(*) FROM (SELECT pg_advisory_xact_lock(hashtext('steward.quota ' || :owner))) AS held")
    long lockQuota(String owner);

    /** The owner's sessions that have not ended (neither DELETED, EXPIRED nor FAILED). */
    @Query("SELECT COUNT(*) FROM sessions WHERE owner = :owner AND status NOT IN ('DELETED', 'EXPIRED', 'FAILED')")
    long countLive(String owner);

    /** The pods (each replica one) of the owner's sessions that have not ended, but {@code except}'s. */
    @Query("""
            SELECT COALESCE(SUM(COALESCE((pod.spec ->> 'replicas')::int, 1)), 0)
            FROM sessions s, jsonb_array_elements(s.spec -> 'parts') AS part (spec),
                jsonb_array_elements(part.spec -> 'pods') AS pod (spec)
            WHERE s.owner = :owner AND s.status NOT IN ('DELETED', 'EXPIRED', 'FAILED') AND s.id <> :except""")
    long countLivePods(String owner, UUID except);

    /** Sessions whose containers may exist: every one not deleted. */
    @Query("SELECT * FROM sessions WHERE status <> 'DELETED'")
    List<SessionRow> findLive();

    /**
     * The pods of every session whose containers may exist, each one row: read in the database, as a
     * resync of tens of thousands of containers needs only their names.
     */
    @Query("""
            SELECT s.id AS session_id, part.spec ->> 'name' AS part_name, pod.spec ->> 'name' AS pod_name,
                (pod.spec ->> 'replicas')::int AS replicas
            FROM sessions s, jsonb_array_elements(s.spec -> 'parts') AS part (spec),
                jsonb_array_elements(part.spec -> 'pods') AS pod (spec)
            WHERE s.status <> 'DELETED'""")
    List<LivePodRow> findLivePods();

    /** Sessions that ended (DELETED or EXPIRED: their workflows are over) before {@code before}, oldest first. */
    @Query("""
            SELECT id FROM sessions WHERE status IN ('DELETED', 'EXPIRED') AND updated_at < :before
            ORDER BY updated_at LIMIT :limit""")
    List<UUID> findEndedBefore(Instant before, int limit);

    /** Deletes the sessions with their parts, pods and transitions; @return how many */
    @Query("DELETE FROM sessions WHERE id IN (:ids)")
    int deleteEnded(List<UUID> ids);
}
