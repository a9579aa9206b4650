package dev.steward.store;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import java.time.Instant;
import java.util.List;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface RegistryCredentialRepository extends CrudRepository<RegistryCredentialRow, String> {

    List<RegistryCredentialRow> listOrderByRegistry();

    /** Registers the registry's credentials, replacing earlier ones (which keep their creation time). */
    @Query("""
            INSERT INTO registry_credentials (registry, username, secret_encrypted, token, created_at, updated_at)
            VALUES (:registry, :username, :secretEncrypted, :token, :at, :at)
            ON CONFLICT (registry) DO UPDATE SET username = EXCLUDED.username,
                secret_encrypted = EXCLUDED.secret_encrypted, token = EXCLUDED.token, updated_at = EXCLUDED.updated_at""")
    void upsert(String registry, String username, byte[] secretEncrypted, boolean token, Instant at);

    /** The same secret under the current key; 0 rows when the credentials changed or went meanwhile. */
    @Query("""
            UPDATE registry_credentials SET secret_encrypted = :reencrypted
            WHERE registry = :registry AND secret_encrypted = :current""")
    int reencrypt(String registry, byte[] current, byte[] reencrypted);
}
