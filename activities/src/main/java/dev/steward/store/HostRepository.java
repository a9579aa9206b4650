package dev.steward.store;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface HostRepository extends CrudRepository<HostRow, String> {

    List<HostRow> listOrderByName();

    @Query("SELECT status, COUNT(*) AS count FROM hosts GROUP BY status")
    List<StatusCount> statusCounts();

    /** Locks every host row, always in name order so concurrent lockers never deadlock. */
    @Query("SELECT * FROM hosts ORDER BY name FOR UPDATE")
    List<HostRow> lockAll();

    @Query("SELECT * FROM hosts WHERE name = :name FOR UPDATE")
    Optional<HostRow> lock(String name);

    /** Registers a first host, only while there is none; @return 1 when inserted */
    @Query("""
            INSERT INTO hosts (name, endpoint, status, reason, message, created_at, updated_at)
            SELECT :name, :endpoint, 'UNKNOWN', 'Registered', :message, :at, :at
            WHERE NOT EXISTS (SELECT 1 FROM hosts)
            ON CONFLICT (name) DO NOTHING""")
    int insertIfNoHosts(String name, String endpoint, String message, Instant at);
}
