package dev.steward.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface EventRepository extends GenericRepository<EventRow, Long> {

    @Query("SELECT * FROM events WHERE seq = :seq")
    Optional<EventRow> findBySeq(long seq);

    /** The oldest events neither dispatched nor held by a dispatcher, received before {@code before}. */
    @Query("""
            SELECT seq FROM events
            WHERE dispatched_at IS NULL AND (lease_until IS NULL OR lease_until < :now) AND received_at < :before
            ORDER BY seq LIMIT :limit""")
    List<Long> findUndispatched(Instant now, Instant before, int limit);

    /** Records what the event did, and that it is dispatched. */
    @Query("""
            UPDATE events SET dispatched_at = :at, lease_until = NULL, matched = :matched, outcome = :outcome,
                sessions = CAST(:sessions AS JSONB)
            WHERE seq = :seq""")
    void recordDispatch(long seq, Instant at, boolean matched, String outcome, String sessions);

    /** Newest first, each filter applied when given; {@code session} is a session id as text. */
    @Query("""
            SELECT * FROM events
            WHERE (CAST(:source AS TEXT) IS NULL OR source = :source)
              AND (CAST(:type AS TEXT) IS NULL OR type = :type)
              AND (CAST(:session AS TEXT) IS NULL OR sessions @> jsonb_build_array(CAST(:session AS TEXT)))
              AND (CAST(:owner AS TEXT) IS NULL OR owner = :owner)
            ORDER BY seq DESC LIMIT :limit""")
    List<EventRow> find(@Nullable String source, @Nullable String type, @Nullable String session,
            @Nullable String owner, int limit);
}
