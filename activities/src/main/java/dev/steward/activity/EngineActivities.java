package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import dev.steward.config.HostsConfig;
import dev.steward.contract.ContainerActivities;
import dev.steward.contract.HostSyncActivities;
import dev.steward.store.PlacementRepository;
import dev.steward.store.PodRepository;
import dev.steward.store.SessionRepository;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.util.function.Supplier;

/**
 * The activities bound to one engine: the service's own engine as beans, registered on the main
 * task queue for runs started before placement, and a fresh pair per registered host for the
 * worker on that host's own queue.
 */
@Factory
public class EngineActivities {

    private final EngineRegistry engines;
    private final HostsConfig hosts;
    private final SessionRepository sessions;
    private final PodRepository pods;
    private final PlacementRepository placements;
    private final PartSignaller parts;
    private final RegistryAuths auths;
    private final SecretEnv secrets;
    private final StoredImagePullReports pulls;
    private final ContainerHardening hardening;
    private final StartsMadeHere starts;

    public EngineActivities(EngineRegistry engines, HostsConfig hosts, SessionRepository sessions, PodRepository pods,
            PlacementRepository placements, PartSignaller parts, RegistryAuths auths, SecretEnv secrets,
            StoredImagePullReports pulls, ContainerHardening hardening, StartsMadeHere starts) {
        this.engines = engines;
        this.hosts = hosts;
        this.sessions = sessions;
        this.pods = pods;
        this.placements = placements;
        this.parts = parts;
        this.auths = auths;
        this.secrets = secrets;
        this.pulls = pulls;
        this.hardening = hardening;
        this.starts = starts;
    }

    /** The service's own engine, resynced as the local host. */
    @Singleton
    HostSyncActivities localHostSync(DockerClient docker, ContainerActivities containers) {
        return hostSync(hosts.localName(), () -> docker, containers);
    }

    /** Container activities on {@code host}'s engine, whose client is looked up at every call. */
    public ContainerActivities containers(String host) {
        return new ContainerActivitiesImpl(engine(host), auths::forImage, secrets::of, pulls.on(host), hardening,
                starts);
    }

    /** @param containers the container activities on the same host, from {@link #containers} */
    public HostSyncActivities hostSync(String host, ContainerActivities containers) {
        return hostSync(host, engine(host), containers);
    }

    private HostSyncActivities hostSync(String host, Supplier<DockerClient> engine, ContainerActivities containers) {
        return new HostSyncActivitiesImpl(host, engine, containers, sessions, pods, placements, parts, starts);
    }

    /** Looked up per call: a host whose engine is down now still gets its worker, and calls fail until it is back. */
    private Supplier<DockerClient> engine(String host) {
        return () -> engines.client(host);
    }
}
