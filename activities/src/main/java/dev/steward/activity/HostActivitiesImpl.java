package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Version;
import dev.steward.contract.HostActivities;
import dev.steward.contract.HostNotice;
import dev.steward.contract.HostProbe;
import dev.steward.contract.HostStatusChange;
import dev.steward.contract.StewardLabels;
import dev.steward.store.HostStore;
import dev.steward.store.PartKey;
import dev.steward.store.PlacementRepository;
import dev.steward.telemetry.FailureEpisodes;
import io.temporal.failure.ApplicationFailure;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.Map;
import java.util.UUID;
import java.util.WeakHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * {@link HostActivities} on the {@link EngineRegistry}'s probe clients and the {@link HostStore};
 * parts are told through {@link PartSignaller}.
 */
@Singleton
public class HostActivitiesImpl implements HostActivities {

    private final EngineRegistry engines;
    private final HostStore store;
    private final PlacementRepository placements;
    private final PartSignaller parts;
    /**
     * The engine version each probe client read. Podman answers a version call by running its runtime's tools,
     * about 0.4 s of a core, so a probe reads it again only from a new client (a host whose connection changed)
     * or after a failed probe (the engine may have been upgraded while away); its listing proves the engine
     * answers. Weak keys: a client the registry dropped takes its entry with it.
     */
    private final Map<DockerClient, Version> versions = Collections.synchronizedMap(new WeakHashMap<>());

    public HostActivitiesImpl(EngineRegistry engines, HostStore store, PlacementRepository placements,
            PartSignaller parts) {
        this.engines = engines;
        this.store = store;
        this.placements = placements;
        this.parts = parts;
    }

    @Override
    public HostProbe probe(String hostName) {
        // PostgreSQL keeps microseconds: the recorded time is then exactly the probe's.
        Instant probedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        DockerClient docker;
        try {
            docker = engines.probeClient(hostName);
        } catch (EngineUnavailableException unavailable) {
            return new HostProbe(false, null, null, null, FailureEpisodes.describe(unavailable), probedAt);
        }
        try {
            Version version = versionOf(docker);
            int containers = docker.listContainersCmd()
                    .withShowAll(true)
                    .withLabelFilter(Map.of(StewardLabels.MANAGED, "true"))
                    .exec()
                    .size();
            return new HostProbe(true, version.getVersion(), version.getApiVersion(), containers, null, probedAt);
        } catch (RuntimeException unreachable) {
            versions.remove(docker);
            return new HostProbe(false, null, null, null, FailureEpisodes.describe(unreachable), probedAt);
        }
    }

    /** The engine's version: read once per probe client and kept while probes succeed. */
    private Version versionOf(DockerClient docker) {
        Version known = versions.get(docker);
        if (known != null) {
            return known;
        }
        // Not computeIfAbsent: the map's lock would make every other host's probe wait for this engine.
        Version version = docker.versionCmd().exec();
        versions.put(docker, version);
        return version;
    }

    @Override
    public HostStatusChange recordProbe(UUID probeId, String hostName, HostProbe probe) {
        try {
            return store.recordProbe(probeId, hostName, probe);
        } catch (IllegalArgumentException unknown) {
            throw ApplicationFailure.newNonRetryableFailure(unknown.getMessage(), HostActivities.UNKNOWN_HOST);
        }
    }

    @Override
    public int notifyParts(HostNotice notice) {
        return signalLivePartsOn(notice.host(), part -> parts.hostChanged(part.sessionId(), part.partName(), notice));
    }

    @Override
    public int wakeParts(String hostName) {
        return signalLivePartsOn(hostName, part -> parts.reconcileNow(part.sessionId(), part.partName()));
    }

    /**
     * Heartbeats after each part, so that a host with thousands of parts is told within the heartbeat
     * timeout of a lost worker, not only at the activity's end.
     *
     * @return how many of the live parts with a pod placed on {@code host} took the signal
     */
    private int signalLivePartsOn(String host, Predicate<PartKey> signal) {
        Consumer<Object> heartbeat = Heartbeats.ofCurrentActivity();
        int signalled = 0;
        for (PartKey part : placements.livePartsOn(host)) {
            if (signal.test(part)) {
                signalled++;
            }
            heartbeat.accept(signalled);
        }
        return signalled;
    }
}
