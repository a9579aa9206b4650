package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Event;
import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerEvent;
import dev.steward.contract.ContainerState;
import dev.steward.contract.Drift;
import dev.steward.contract.HostResync;
import dev.steward.contract.HostSyncActivities;
import dev.steward.contract.ResyncResult;
import dev.steward.contract.StewardLabels;
import dev.steward.model.PodView;
import dev.steward.store.PlacementRepository;
import dev.steward.store.PodRepository;
import dev.steward.store.SessionRepository;
import dev.steward.telemetry.FailureEpisodes;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.client.ActivityWorkerShutdownException;
import io.temporal.client.WorkflowServiceException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link HostSyncActivities} of one host, on docker-java; signals part workflows through {@link PartSignaller}.
 * Two host names may share one engine: each considers only the containers labelled with its own
 * name ({@link StewardLabels#HOST}) or with none (made before placement).
 */
public class HostSyncActivitiesImpl implements HostSyncActivities {

    private static final Logger LOG = LoggerFactory.getLogger(HostSyncActivitiesImpl.class);
    /** The engine actions a part acts on; Podman sends die (with exitCode), not stop or kill. */
    private static final Set<String> RELAYED = Set.of("die", "oom", "start");

    private final String host;
    private final ContainerActivities containers;
    private final SessionNetworks networks;
    private final SessionVolumes volumes;
    private final SessionRepository sessions;
    private final PodRepository pods;
    private final PlacementRepository placements;
    private final PartSignaller parts;
    private final StartsMadeHere starts;
    private final EngineEvents events;
    private final FailureEpisodes relayFailures = new FailureEpisodes(LOG);

    /**
     * @param engine looked up at every call, like {@code containers}' own
     * @param containers the container activities on the same engine
     * @param starts the starts {@code containers} made, whose events no part needs
     */
    public HostSyncActivitiesImpl(String host, Supplier<DockerClient> engine, ContainerActivities containers,
            SessionRepository sessions, PodRepository pods, PlacementRepository placements, PartSignaller parts,
            StartsMadeHere starts) {
        this.host = host;
        this.events = new EngineEvents(engine);
        this.containers = containers;
        this.networks = new SessionNetworks(engine);
        this.volumes = new SessionVolumes(engine);
        this.sessions = sessions;
        this.pods = pods;
        this.placements = placements;
        this.parts = parts;
        this.starts = starts;
    }

    @Override
    public Long relayEvents(String deployment, int seconds, Long since) {
        ActivityExecutionContext context = Activity.getExecutionContext();
        // A retried attempt goes on from where the last one's heartbeat said it had got.
        Long from = context.getHeartbeatDetails(Long.class).orElse(since);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        AtomicInteger relayed = new AtomicInteger();
        try {
            return events.watch(deployment, from, event -> {
                if (relay(event)) {
                    relayed.incrementAndGet();
                }
            }, seenUntil -> {
                if (System.nanoTime() - until >= 0) {
                    return false;
                }
                try {
                    // Throws once the host workflow cancels the relay.
                    context.heartbeat(seenUntil);
                    return true;
                } catch (ActivityWorkerShutdownException stopping) {
                    // This process stops: the relay ends without failing, and the host workflow
                    // hands the next one to a worker that runs, from where this one got.
                    LOG.debug("host {}: worker stops, event relay ends after {} events", host, relayed.get());
                    return false;
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while relaying events", e);
        }
    }

    private boolean relay(Event event) {
        String action = event.getAction() != null ? event.getAction() : event.getStatus();
        if (action == null || !RELAYED.contains(action) || event.getActor() == null) {
            return false;
        }
        Map<String, String> attributes = event.getActor().getAttributes();
        if (attributes == null || !isOnThisHost(attributes.get(StewardLabels.HOST))) {
            return false;
        }
        String session = attributes.get(StewardLabels.SESSION);
        String part = attributes.get(StewardLabels.PART);
        if (session == null || part == null) {
            return false;
        }
        if ("start".equals(action) && starts.takeEvent(event.getId())) {
            return false;
        }
        String exitCode = attributes.get("exitCode");
        ContainerEvent relayed = new ContainerEvent(event.getId(), attributes.get(StewardLabels.POD), action,
                exitCode == null ? null : Integer.valueOf(exitCode), System.currentTimeMillis());
        String subject = "host " + host + ": relaying engine events to the parts";
        try {
            boolean told = parts.containerEvent(UUID.fromString(session), part, relayed);
            relayFailures.succeeded(subject);
            return told;
        } catch (IllegalArgumentException notOurs) {
            return false; // the label is not one of ours
        } catch (WorkflowServiceException e) {
            relayFailures.failed(subject, "the resync catches what is missed", e);
            return false;
        }
    }

    @Override
    public ResyncResult resync(String deployment, int orphanAgeSeconds, boolean sweepLeftovers) {
        // A heartbeat after each container removed and each part looked at: a lost worker shows within the
        // heartbeat timeout, however many containers the host has.
        Consumer<Object> heartbeat = Heartbeats.ofCurrentActivity();
        long started = System.nanoTime();
        Instant oldEnough = Instant.now().minusSeconds(orphanAgeSeconds);
        // The database is read while the engine lists: at tens of thousands of containers each read is as
        // long as the listing.
        try (ExecutorService reads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<LivePods> liveRead = reads.submit(() -> LivePods.of(sessions.findLivePods()));
            Future<Set<String>> placedRead = reads.submit(this::placedHere);
            Future<Map<String, List<PodView>>> believedRead = reads.submit(this::believedByPart);
            List<ContainerState> all = containers.listContainers(StewardLabels.forDeployment(deployment));
            LivePods live = done(liveRead);
            List<ContainerState> orphans = OrphanSweep.orphans(all, live, oldEnough);
            for (ContainerState orphan : orphans) {
                LOG.info("host {}: removing orphan container {} ({}): no live session wants it", host, orphan.name(),
                        orphan.id());
                containers.removeContainer(orphan.id());
                heartbeat.accept(null);
            }
            // Leftovers, when the host workflow asks, are swept while the rest goes on.
            Future<?> leftoversSwept = reads.submit(() -> {
                if (sweepLeftovers) {
                    sweepLeftovers(deployment, live);
                }
            });
            List<ContainerState> wanted = without(all, orphans);
            List<ContainerState> stale = stale(wanted, oldEnough, done(placedRead));
            for (ContainerState left : stale) {
                LOG.info("host {}: removing stale container {} ({}): its pod holds no placement on this host any"
                        + " more", host, left.name(), left.id());
                // Removing by force stops it first.
                containers.removeContainer(left.id());
                heartbeat.accept(null);
            }
            int notified = notifyDrifted(live, without(wanted, stale), done(believedRead), heartbeat);
            done(leftoversSwept);
            LOG.debug("host {}: resync of {} containers took {} ms", host, all.size(),
                    (System.nanoTime() - started) / 1_000_000);
            return new ResyncResult(all.size(), notified, orphans.size(), stale.size());
        }
    }

    /**
     * Removes the networks and volumes a removal cut short left behind: the last container's removal normally
     * takes its session's network, and the session's deletion its volumes.
     */
    private void sweepLeftovers(String deployment, LivePods live) {
        int networksRemoved = networks.sweep(deployment, live.sessionIds());
        if (networksRemoved > 0) {
            LOG.info("host {}: removed {} network(s) of sessions no longer live", host, networksRemoved);
        }
        int volumesRemoved = volumes.sweep(deployment, this::volumeMayGo);
        if (volumesRemoved > 0) {
            LOG.info("host {}: removed {} volume(s) of sessions that have ended", host, volumesRemoved);
        }
    }

    /**
     * Tells each live part whose recorded pods on this host disagree with the engine what the engine has:
     * a quiet resync adds nothing to any part's history.
     *
     * @return how many parts were told
     */
    private int notifyDrifted(LivePods live, List<ContainerState> kept, Map<String, List<PodView>> believed,
            Consumer<Object> heartbeat) {
        Map<String, List<ContainerState>> byPart = kept.stream()
                .filter(c -> isOnThisHost(c.label(StewardLabels.HOST)))
                .collect(Collectors.groupingBy(c -> c.label(StewardLabels.SESSION) + "/" + c.label(StewardLabels.PART)));
        int notified = 0;
        for (Map.Entry<UUID, Set<String>> session : live.partsBySession().entrySet()) {
            for (String part : session.getValue()) {
                String key = session.getKey() + "/" + part;
                List<ContainerState> observed = byPart.getOrDefault(key, List.of());
                if (Drift.between(believed.getOrDefault(key, List.of()), observed)
                        && parts.resyncHost(session.getKey(), part, new HostResync(host, observed))) {
                    notified++;
                }
                heartbeat.accept(null);
            }
        }
        return notified;
    }

    /**
     * The live pods recorded on this host, by session and part: one query by host, as an IN list of every
     * live session's id would be as long as the sessions are many.
     */
    private Map<String, List<PodView>> believedByPart() {
        return pods.findLiveOnHost(host).stream()
                .collect(Collectors.groupingBy(p -> p.sessionId() + "/" + p.partName(), Collectors.mapping(
                        p -> new PodView(p.name(), p.status(), p.reason(), p.message(), p.containerId(), p.host()),
                        Collectors.toList())));
    }

    /** The pods that hold a placement on this host. */
    private Set<String> placedHere() {
        return placements.findByHost(host).stream()
                .map(p -> LivePods.podKey(p.sessionId().toString(), p.partName(), p.podName()))
                .collect(Collectors.toSet());
    }

    private static <T> T done(Future<T> read) {
        try {
            return read.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during a resync", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * Containers made for this host whose pod holds no placement here: left behind when the pod
     * moved while this host was unreachable.
     *
     * @param wanted containers no orphan sweep removes: as old as {@code createdBefore}, a live
     *     session's pod wants them
     * @param placedHere the pods that hold a placement on this host
     */
    private List<ContainerState> stale(List<ContainerState> wanted, Instant createdBefore, Set<String> placedHere) {
        return wanted.stream()
                .filter(c -> host.equals(c.label(StewardLabels.HOST)))
                .filter(c -> c.createdAt() != null && c.createdAt().isBefore(createdBefore))
                .filter(c -> !placedHere.contains(LivePods.podKey(c.label(StewardLabels.SESSION),
                        c.label(StewardLabels.PART), c.label(StewardLabels.POD))))
                .toList();
    }

    /**
     * Whether a session's volume may be removed: its session has ended and does not retain it. A
     * volume whose session Steward does not know (or not yet) stays.
     */
    private boolean volumeMayGo(String session, String volume) {
        UUID id;
        try {
            id = UUID.fromString(session);
        } catch (IllegalArgumentException notOurs) {
            return false;
        }
        return sessions.findById(id)
                .filter(row -> row.status().ended())
                .map(row -> row.spec().volumes().stream()
                        .noneMatch(v -> v.name().equals(volume) && v.retainOnDelete()))
                .orElse(false);
    }

    private boolean isOnThisHost(String hostLabel) {
        return hostLabel == null || hostLabel.equals(host);
    }

    private static List<ContainerState> without(List<ContainerState> containers, List<ContainerState> removed) {
        Set<String> ids = removed.stream().map(ContainerState::id).collect(Collectors.toSet());
        return containers.stream().filter(c -> !ids.contains(c.id())).toList();
    }
}
