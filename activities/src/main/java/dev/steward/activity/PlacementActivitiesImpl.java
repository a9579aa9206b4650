package dev.steward.activity;

import dev.steward.model.HostCandidate;
import dev.steward.model.HostPlacement;
import dev.steward.model.PlacementDecision;
import dev.steward.model.PodResources;
import dev.steward.store.HostRepository;
import dev.steward.store.HostRow;
import dev.steward.store.HostUsage;
import dev.steward.store.PlacementKey;
import dev.steward.store.PlacementRepository;
import dev.steward.store.PlacementRow;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link PlacementActivities} on PostgreSQL. A placement locks every host row (in name order) before
 * it reads the usage and inserts its reservation, so placements run one after another and each sees
 * the reservations of those before it: no host is ever over-committed. Host changes and deletions
 * lock the same rows.
 */
@Singleton
public class PlacementActivitiesImpl implements PlacementActivities {

    private static final Logger LOG = LoggerFactory.getLogger(PlacementActivitiesImpl.class);

    private final TransactionOperations<Connection> transactions;
    private final HostRepository hosts;
    private final PlacementRepository placements;
    private final PlacementConfig config;

    public PlacementActivitiesImpl(TransactionOperations<Connection> transactions, HostRepository hosts,
            PlacementRepository placements, PlacementConfig config) {
        this.transactions = transactions;
        this.hosts = hosts;
        this.placements = placements;
        this.config = config;
    }

    @Override
    public PlacementResult place(PlacementRequest request) {
        PlacementKey key = new PlacementKey(request.sessionId(), request.part(), request.pod());
        return transactions.executeWrite(status -> {
            List<HostRow> locked = hosts.lockAll();
            Optional<PlacementRow> existing = placements.findById(key);
            if (existing.isPresent()) {
                return new PlacementResult(existing.get().host(), PlacementResult.ALREADY_PLACED,
                        "already placed on " + existing.get().host());
            }
            PodResources need = request.resources() == null ? PodResources.NONE : request.resources();
            PlacementDecision decision = HostPlacement.choose(candidates(locked, placements.usageByHost()), need,
                    request.hostSelector(), config.strategy());
            if (decision.placed()) {
                placements.save(new PlacementRow(key, decision.host(), need.cpus() == null ? 0 : need.cpus(),
                        need.memoryMb() == null ? 0 : need.memoryMb(), Instant.now()));
                LOG.debug("pod {}/{}/{}: {}", request.sessionId(), request.part(), request.pod(), decision.message());
            }
            return new PlacementResult(decision.host(), decision.reason(), decision.message());
        });
    }

    @Override
    public void release(UUID sessionId, String part, String pod) {
        placements.deleteById(new PlacementKey(sessionId, part, pod));
    }

    private static List<HostCandidate> candidates(List<HostRow> rows, List<HostUsage> usage) {
        Map<String, HostUsage> byHost = new HashMap<>();
        usage.forEach(u -> byHost.put(u.host(), u));
        List<HostCandidate> candidates = new ArrayList<>(rows.size());
        for (HostRow row : rows) {
            HostUsage used = byHost.getOrDefault(row.name(), HostUsage.none(row.name()));
            candidates.add(new HostCandidate(row.name(), row.status(), row.enabled(), row.draining(), row.labels(),
                    row.capacity(), used.asCapacity()));
        }
        return candidates;
    }
}
