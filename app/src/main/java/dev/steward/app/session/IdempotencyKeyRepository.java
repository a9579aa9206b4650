package dev.steward.app.session;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import java.time.Instant;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface IdempotencyKeyRepository extends CrudRepository<IdempotencyKeyRow, String> {

    /** Claims the key for a new session, unless another request holds it; @return 1 when claimed */
    @Query("""
            INSERT INTO idempotency_keys (scope, request_sha256, session_id, created_at)
            VALUES (:scope, :requestSha256, :sessionId, :at)
            ON CONFLICT (scope) DO NOTHING""")
    int claim(String scope, String requestSha256, UUID sessionId, Instant at);
}
