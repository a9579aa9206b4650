package dev.steward.store;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Secrets by owner and name: a name alone names a secret of each owner that has one so named. */
@JdbcRepository(dialect = Dialect.POSTGRES)
public interface SecretRepository extends GenericRepository<SecretRow, String> {

    Optional<SecretRow> findByOwnerAndName(String owner, String name);

    boolean existsByOwnerAndName(String owner, String name);

    @Query("SELECT * FROM secrets ORDER BY owner, name")
    List<SecretRow> listAll();

    List<SecretRow> findByOwnerOrderByName(String owner);

    /** Creates the secret at version 1; 0 rows when its owner has one of that name. */
    @Query("""
            INSERT INTO secrets (owner, name, version, data_encrypted, created_at, updated_at)
            VALUES (:owner, :name, 1, :dataEncrypted, :at, :at)
            ON CONFLICT (owner, name) DO NOTHING""")
    int create(String owner, String name, byte[] dataEncrypted, Instant at);

    /** Replaces the secret's key/values under the next version; 0 rows when there is no such secret. */
    @Query("""
            UPDATE secrets SET version = version + 1, data_encrypted = :dataEncrypted, updated_at = :at
            WHERE owner = :owner AND name = :name""")
    int rotate(String owner, String name, byte[] dataEncrypted, Instant at);

    /** The same key/values under the current key; 0 rows when the secret changed or went meanwhile. */
    @Query("""
            UPDATE secrets SET data_encrypted = :reencrypted
            WHERE owner = :owner AND name = :name AND data_encrypted = :current""")
    int reencrypt(String owner, String name, byte[] current, byte[] reencrypted);

    @Query("DELETE FROM secrets WHERE owner = :owner AND name = :name")
    int delete(String owner, String name);
}
