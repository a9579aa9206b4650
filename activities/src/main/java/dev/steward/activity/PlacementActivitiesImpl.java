package dev.steward.activity;

import dev.steward.config.PlacementConfig;
import dev.steward.contract.MetricNames;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.PlacementRequest;
import dev.steward.contract.PlacementResult;
import dev.steward.model.HostCandidate;
import dev.steward.model.HostPlacement;
import dev.steward.model.PlacementDecision;
import dev.steward.model.PodResources;
import dev.steward.model.Reason;
import dev.steward.model.SessionSpec;
import dev.steward.model.VolumeAffinity;
import dev.steward.model.VolumeMount;
import dev.steward.store.HostRepository;
import dev.steward.store.HostRow;
import dev.steward.store.HostUsage;
import dev.steward.store.PartKey;
import dev.steward.store.PlacementRepository;
import dev.steward.store.PlacementRow;
import dev.steward.store.SessionRepository;
import dev.steward.store.SessionRow;
import dev.steward.store.VolumeHost;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
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
    private final SessionRepository sessions;
    private final PartSignaller parts;
    private final Counter waits;

    public PlacementActivitiesImpl(TransactionOperations<Connection> transactions, HostRepository hosts,
            PlacementRepository placements, PlacementConfig config, PartSignaller parts, MeterRegistry registry,
            SessionRepository sessions) {
        this.sessions = sessions;
        this.waits = Counter.builder(MetricNames.PLACEMENT_WAITS)
                .description("pods that found no host with room and began to wait").register(registry);
        this.transactions = transactions;
        this.hosts = hosts;
        this.placements = placements;
        this.config = config;
        this.parts = parts;
    }

    @Override
    public PlacementResult place(PlacementRequest request) {
        return transactions.executeWrite(status -> placeLocked(request));
    }

    @Override
    public List<PlacementResult> placeAll(List<PlacementRequest> requests) {
        return transactions.executeWrite(status -> requests.stream().map(this::placeLocked).toList());
    }

    /** Places the pod in the caller's transaction, which the host rows' locks serialise with every other placement. */
    private PlacementResult placeLocked(PlacementRequest request) {
        Map<String, HostCandidate> candidates = candidates(hosts.lockAll(), placements.usageByHost());
        List<PlacementRow> existing = placements.findBySessionIdAndPartNameAndPodNameOrderById(
                request.sessionId(), request.part(), request.pod());
        String replaces = null;
        for (PlacementRow placed : existing) {
            HostCandidate host = candidates.get(placed.host());
            if (host.takesPods()) {
                placements.deleteWait(request.sessionId(), request.part(), request.pod());
                return new PlacementResult(host.name(), Reason.ALREADY_PLACED.code(),
                        "already placed on " + host.name(), null);
            }
            replaces = host.name();
        }
        // A pod moving off a host never lands on a host it still holds a placement on.
        Set<String> held = existing.stream().map(PlacementRow::host).collect(Collectors.toSet());
        List<HostCandidate> others = candidates.values().stream().filter(h -> !held.contains(h.name())).toList();
        PodResources need = request.resources() == null ? PodResources.NONE : request.resources();
        Map<String, Set<String>> mounted = mountedVolumes(request.sessionId());
        Set<String> volumes = mounted.getOrDefault(podKey(request), Set.of());
        PlacementDecision decision = HostPlacement.choose(others, need, request.hostSelector(), config.strategy(),
                volumeAffinity(request, mounted, candidates));
        String message = decision.message() + (replaces == null ? ""
                : "; moves off " + replaces + " (" + candidates.get(replaces).whyNoPods() + ")");
        if (decision.placed()) {
            placements.save(new PlacementRow(null, request.sessionId(), request.part(), request.pod(),
                    decision.host(), need.cpus() == null ? 0 : need.cpus(),
                    need.memoryMb() == null ? 0 : need.memoryMb(), Instant.now()));
            placements.deleteWait(request.sessionId(), request.part(), request.pod());
            volumes.forEach(volume -> placements.saveVolumeHost(request.sessionId(), volume, decision.host(),
                    podKey(request)));
            LOG.debug("pod {}/{}/{}: {}", request.sessionId(), request.part(), request.pod(), message);
        } else if (placements.insertWait(request.sessionId(), request.part(), request.pod(), Instant.now()) == 1) {
            waits.increment();
        }
        return new PlacementResult(decision.host(), decision.reason(), message, decision.placed() ? replaces : null);
    }

    @Override
    public void release(UUID sessionId, String part, String pod, String host) {
        int released = transactions.executeWrite(status -> {
            if (host != null) {
                return placements.deleteBySessionIdAndPartNameAndPodNameAndHost(sessionId, part, pod, host);
            }
            placements.deleteWait(sessionId, part, pod);
            return placements.deleteBySessionIdAndPartNameAndPodName(sessionId, part, pod);
        });
        if (released == 0) {
            return;
        }
        try {
            wakeUnschedulable();
        } catch (RuntimeException e) {
            // The room is freed either way; a retried release frees nothing more and so would not
            // wake them either. The next wake (a release, a host READY again) finds them.
            LOG.warn("pod {}/{}/{} released, but waking the parts that wait for room failed", sessionId, part, pod, e);
        }
    }

    @Override
    public int wakeUnschedulable() {
        int forgotten = placements.deleteWaitsWithoutLiveSession();
        if (forgotten > 0) {
            LOG.debug("forgot {} pods waiting for room whose sessions are gone", forgotten);
        }
        int woken = 0;
        for (PartKey waiting : placements.waitingParts()) {
            if (parts.reconcileNow(waiting.sessionId(), waiting.partName())) {
                woken++;
            }
        }
        return woken;
    }

    @Override
    public List<String> hostNames() {
        return hosts.listOrderByName().stream().map(HostRow::name).toList();
    }

    /** The volumes each pod of the session mounts, by {@code part/pod}; empty when it declares none. */
    private Map<String, Set<String>> mountedVolumes(UUID sessionId) {
        SessionSpec spec = sessions.findById(sessionId).map(SessionRow::spec).orElse(null);
        if (spec == null || spec.volumes().isEmpty()) {
            return Map.of();
        }
        Map<String, Set<String>> mounted = new HashMap<>();
        spec.parts().forEach(part -> part.instances().forEach(pod -> mounted.put(part.name() + "/" + pod.name(),
                pod.mounts().stream().map(VolumeMount::volume).collect(Collectors.toCollection(TreeSet::new)))));
        return mounted;
    }

    /**
     * Where the pod's volumes are: the host of the first pod of its session (oldest placement first)
     * that mounts one of them; else, while no such pod is placed (the session was stopped), the host
     * one of them was last placed on, if it still takes pods (a pod off a lost or draining host gets
     * a new, empty volume where it goes). {@code null} when they are nowhere yet.
     */
    private VolumeAffinity volumeAffinity(PlacementRequest request, Map<String, Set<String>> mounted,
            Map<String, HostCandidate> candidates) {
        String self = podKey(request);
        Set<String> own = mounted.getOrDefault(self, Set.of());
        if (own.isEmpty()) {
            return null;
        }
        for (PlacementRow placed : placements.findBySessionIdOrderById(request.sessionId())) {
            String other = placed.partName() + "/" + placed.podName();
            if (other.equals(self)) {
                continue;
            }
            for (String volume : mounted.getOrDefault(other, Set.of())) {
                if (own.contains(volume)) {
                    return new VolumeAffinity(volume, placed.host(), other);
                }
            }
        }
        for (VolumeHost last : placements.volumeHosts(request.sessionId())) {
            HostCandidate host = candidates.get(last.host());
            if (own.contains(last.volume()) && host != null && host.takesPods()) {
                return new VolumeAffinity(last.volume(), last.host(), last.pod());
            }
        }
        return null;
    }

    private static String podKey(PlacementRequest request) {
        return request.part() + "/" + request.pod();
    }

    /** By name, in name order. */
    private static Map<String, HostCandidate> candidates(List<HostRow> rows, List<HostUsage> usage) {
        Map<String, HostUsage> byHost = new HashMap<>();
        usage.forEach(u -> byHost.put(u.host(), u));
        Map<String, HostCandidate> candidates = new LinkedHashMap<>();
        for (HostRow row : rows) {
            HostUsage used = byHost.getOrDefault(row.name(), HostUsage.none(row.name()));
            candidates.put(row.name(), new HostCandidate(row.name(), row.status(), row.enabled(), row.draining(),
                    row.labels(), row.capacity(), used.asCapacity()));
        }
        return candidates;
    }
}
