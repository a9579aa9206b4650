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
public interface SubscriptionRepository extends GenericRepository<SubscriptionRow, UUID> {

    SubscriptionRow save(SubscriptionRow row);

    Optional<SubscriptionRow> findById(UUID id);

    @Query("SELECT * FROM subscriptions ORDER BY created_at, id")
    List<SubscriptionRow> listOldestFirst();

    /** @return 1 when deleted, 0 when there was none */
    @Query("DELETE FROM subscriptions WHERE id = :id")
    int delete(UUID id);

    /** A new sink is asked again before the first delivery; a changed filter applies from the next event on. */
    @Query("""
            UPDATE subscriptions SET sink = :sink, content_mode = :contentMode, filters = CAST(:filters AS jsonb),
                access_token_encrypted = :accessTokenEncrypted, access_token_unencrypted = :accessTokenUnencrypted,
                attempts = 0, next_attempt_at = :at,
                status = CASE WHEN validated_sink = :sink THEN status ELSE 'VALIDATING' END, updated_at = :at
            WHERE id = :id""")
    int updateConfig(UUID id, String sink, String contentMode, String filters, @Nullable byte[] accessTokenEncrypted,
            @Nullable String accessTokenUnencrypted, Instant at);

    /** The token stored in plain text before tokens were encrypted, encrypted; 0 rows when it changed meanwhile. */
    @Query("""
            UPDATE subscriptions SET access_token_encrypted = :encrypted, access_token_unencrypted = NULL
            WHERE id = :id AND access_token_unencrypted = :unencrypted""")
    int encryptToken(UUID id, String unencrypted, byte[] encrypted);

    /** The same token under the current key; 0 rows when it changed meanwhile. */
    @Query("""
            UPDATE subscriptions SET access_token_encrypted = :reencrypted
            WHERE id = :id AND access_token_encrypted = :current""")
    int reencryptToken(UUID id, byte[] current, byte[] reencrypted);

    /**
     * Subscriptions with work due (a handshake, or events after their position up to {@code last}) that no
     * live lease holds, locked so that workers claim each at most once.
     */
    @Query("""
            SELECT * FROM subscriptions
            WHERE next_attempt_at <= :now AND (lease_until IS NULL OR lease_until < :now)
              AND (validated_sink IS DISTINCT FROM sink OR position < :last)
            ORDER BY next_attempt_at LIMIT :limit
            FOR UPDATE SKIP LOCKED""")
    List<SubscriptionRow> findDueForUpdate(Instant now, long last, int limit);

    @Query("UPDATE subscriptions SET lease_owner = :owner, lease_until = :until WHERE id IN (:ids)")
    void lease(List<UUID> ids, String owner, Instant until);

    @Query("UPDATE subscriptions SET lease_owner = NULL, lease_until = NULL WHERE id = :id AND lease_owner = :owner")
    void release(UUID id, String owner);

    @Query("UPDATE subscriptions SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = :owner")
    void releaseAll(String owner);

    /** The sink allowed deliveries for {@code sink}. */
    @Query("""
            UPDATE subscriptions SET validated_sink = :sink, status = 'ACTIVE', attempts = 0, last_success_at = :at,
                updated_at = :at
            WHERE id = :id AND lease_owner = :owner AND sink = :sink""")
    int validated(UUID id, String owner, String sink, Instant at);

    /**
     * Events up to {@code position} are done with, {@code delivered} when the sink took one of them; the lease
     * runs on until {@code leaseUntil}.
     *
     * @return 0 when {@code owner} lost the lease: another worker delivers now
     */
    @Query("""
            UPDATE subscriptions SET position = GREATEST(position, :position),
                status = CASE WHEN :delivered THEN 'ACTIVE' ELSE status END,
                attempts = CASE WHEN :delivered THEN 0 ELSE attempts END,
                last_success_at = CASE WHEN :delivered THEN :at ELSE last_success_at END,
                lease_until = :leaseUntil, updated_at = :at
            WHERE id = :id AND lease_owner = :owner""")
    int advance(UUID id, String owner, long position, boolean delivered, Instant at, Instant leaseUntil);

    /** An attempt failed: the next is due at {@code next}; FAILING once nothing worked since {@code failingBefore}. */
    @Query("""
            UPDATE subscriptions SET attempts = attempts + 1, next_attempt_at = :next, last_error = :error,
                last_error_at = :at,
                status = CASE WHEN last_success_at <= :failingBefore THEN 'FAILING' ELSE status END, updated_at = :at
            WHERE id = :id AND lease_owner = :owner""")
    int failed(UUID id, String owner, String error, Instant next, Instant failingBefore, Instant at);

    /** The lowest position every subscription has passed, or {@code otherwise} when there is none. */
    @Query("SELECT COALESCE(MIN(position), :otherwise) FROM subscriptions")
    long lowestPosition(long otherwise);
}
