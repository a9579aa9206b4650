package dev.steward.store;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import java.time.Instant;
import java.util.Collection;
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

    List<PlacementRow> findByHost(String host);

    /** Oldest first. */
    List<PlacementRow> findBySessionIdOrderById(UUID sessionId);

    List<PlacementRow> findBySessionIdIn(Collection<UUID> sessionIds);

    /** @return how many placements were deleted */
    int deleteBySessionIdAndPartNameAndPodName(UUID sessionId, String partName, String podName);

    /** @return how many placements were deleted */
    int deleteBySessionIdAndPartNameAndPodNameAndHost(UUID sessionId, String partName, String podName, String host);

    /** The parts of live sessions with a pod placed on {@code host}. */
    @Query("""
            SELECT DISTINCT p.session_id, p.part_name FROM placements p
            JOIN sessions s ON s.id = p.session_id AND s.status <> 'DELETED'
            WHERE p.host = :host
            ORDER BY p.session_id, p.part_name""")
    List<PartKey> livePartsOn(String host);

    /**
     * Remembers that a pod found no host with room; a pod that waits already keeps its first {@code since}.
     *
     * @return 1 when the pod begins to wait, 0 when it waited already
     */
    @Query("""
            INSERT INTO placement_waits (session_id, part_name, pod_name, since)
            VALUES (:sessionId, :partName, :podName, :since)
            ON CONFLICT (session_id, part_name, pod_name) DO NOTHING""")
    int insertWait(UUID sessionId, String partName, String podName, Instant since);

    @Query("SELECT COUNT(*) FROM placement_waits")
    long countWaits();

    @Query("DELETE FROM placement_waits WHERE session_id = :sessionId AND part_name = :partName AND pod_name = :podName")
    void deleteWait(UUID sessionId, String partName, String podName);

    /** Forgets the waits of sessions that are deleted or unknown: nobody is left to wake. */
    @Query("""
            DELETE FROM placement_waits w
            WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = w.session_id AND s.status <> 'DELETED')""")
    int deleteWaitsWithoutLiveSession();

    /** Where the session's volumes were last placed. */
    @Query("SELECT volume, host, pod FROM volume_hosts WHERE session_id = :sessionId ORDER BY volume")
    List<VolumeHost> volumeHosts(UUID sessionId);

    /** Records that the volume is on {@code host}, placed there with {@code pod} ({@code part/pod}). */
    @Query("""
            INSERT INTO volume_hosts (session_id, volume, host, pod) VALUES (:sessionId, :volume, :host, :pod)
            ON CONFLICT (session_id, volume) DO UPDATE SET host = EXCLUDED.host, pod = EXCLUDED.pod""")
    void saveVolumeHost(UUID sessionId, String volume, String host, String pod);

    /** The parts with a waiting pod, the part whose pod waits longest first. */
    @Query("""
            SELECT session_id, part_name FROM placement_waits
            GROUP BY session_id, part_name
            ORDER BY MIN(since), session_id, part_name""")
    List<PartKey> waitingParts();
}
