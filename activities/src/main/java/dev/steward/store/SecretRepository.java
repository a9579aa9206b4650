package dev.steward.store;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import java.time.Instant;
import java.util.List;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface SecretRepository extends CrudRepository<SecretRow, String> {

    List<SecretRow> listOrderByName();

    /** Creates the secret at version 1; 0 rows when the name is taken. */
    @Query("""
            INSERT INTO secrets (name, version, data_encrypted, created_at, updated_at)
            VALUES (:name, 1, :dataEncrypted, :at, :at)
            ON CONFLICT (name) DO NOTHING""")
    int create(String name, byte[] dataEncrypted, Instant at);

    /** Replaces the secret's key/values under the next version; 0 rows when there is no such secret. */
    @Query("""
            UPDATE secrets SET version = version + 1, data_encrypted = :dataEncrypted, updated_at = :at
            WHERE name = :name""")
    int rotate(String name, byte[] dataEncrypted, Instant at);
}
