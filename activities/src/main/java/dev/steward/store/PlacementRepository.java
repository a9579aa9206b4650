package dev.steward.store;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import java.util.List;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface PlacementRepository extends CrudRepository<PlacementRow, Long> {

    /** Hosts without placements are absent. */
    @Query("""
            SELECT host, COUNT(*) AS pods, COALESCE(SUM(cpus), 0) AS cpus,
                CAST(COALESCE(SUM(memory_mb), 0) AS BIGINT) AS memory_mb
            FROM placements GROUP BY host""")
    List<HostUsage> usageByHost();

    long countByHost(String host);

    /** Oldest first. */
    List<PlacementRow> findBySessionIdAndPartNameAndPodNameOrderById(UUID sessionId, String partName, String podName);

    void deleteBySessionIdAndPartNameAndPodName(UUID sessionId, String partName, String podName);

    void deleteBySessionIdAndPartNameAndPodNameAndHost(UUID sessionId, String partName, String podName, String host);
}
