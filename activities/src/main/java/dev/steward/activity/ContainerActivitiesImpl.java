package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.CreateContainerResponse;
import com.github.dockerjava.api.exception.BadRequestException;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.InternalServerErrorException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.exception.NotModifiedException;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.AuthConfig;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Volume;
import dev.steward.config.HostsConfig;
import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerLimits;
import dev.steward.contract.ContainerRequest;
import dev.steward.contract.ContainerState;
import dev.steward.contract.ImagePullResult;
import dev.steward.contract.LimitsUpdate;
import dev.steward.contract.ProbeRequest;
import dev.steward.contract.ProbeResult;
import dev.steward.contract.StewardLabels;
import dev.steward.model.VolumeMount;
import io.micronaut.core.annotation.Nullable;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.failure.ApplicationFailure;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link ContainerActivities} on docker-java. Works against Docker and Podman's Docker-compatible
 * API (checked with Podman 4.3, API 1.41).
 *
 * <p>Every method is idempotent. Only spec errors (unknown image, a request the engine calls
 * invalid) fail non-retryably, as {@link ContainerActivities#INVALID_SPEC}, and so do pulls the
 * registry refuses; everything else propagates and Temporal's retry policy retries it.
 *
 * <p>What a request is on the engine is {@link CreateContainerCommands}'s; what an engine's error
 * means, {@link EngineErrors}'s; networks, volumes, pulls, limits and probes have classes of their own.
 */
@Singleton
public class ContainerActivitiesImpl implements ContainerActivities {

    private static final Logger LOG = LoggerFactory.getLogger(ContainerActivitiesImpl.class);

    private static final Duration NAME_SETTLE_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration NAME_SETTLE_POLL = Duration.ofMillis(50);

    private final Supplier<DockerClient> engine;
    private final ReadinessProbe readiness;
    private final ImagePuller images;
    private final SessionNetworks networks;
    private final SessionVolumes volumes;
    private final LimitsUpdater limits;
    private final CreateContainerCommands commands;
    private final StartsMadeHere starts;

    /** On the service's own engine, the one client of the process, whose pulls report as the local host's. */
    @Inject
    public ContainerActivitiesImpl(DockerClient docker, RegistryAuths auths, SecretEnv secrets,
            StoredImagePullReports pulls, HostsConfig hosts, ContainerHardening hardening, StartsMadeHere starts) {
        this(() -> docker, auths::forImage, secrets::of, pulls.on(hosts.localName()), hardening, starts);
    }

    /**
     * On an engine whose client is looked up at every call: an engine that is down when the worker
     * starts, or reconnects to a changed endpoint, is reached again once it answers.
     *
     * @param auths the registry credentials for pulling an image, {@code null} for none
     * @param env a container's environment, with the values its request takes from secrets
     * @param pulls where its pulls write how far they are
     * @param hardening the limits and privileges of every container it creates
     * @param starts where its starts are noted, for the event relay of the same process
     */
    public ContainerActivitiesImpl(Supplier<DockerClient> engine, Function<String, AuthConfig> auths,
            Function<ContainerRequest, Map<String, String>> env, ImagePullReports pulls,
            ContainerHardening hardening, StartsMadeHere starts) {
        this.engine = engine;
        this.starts = starts;
        this.commands = new CreateContainerCommands(engine, env, hardening);
        this.readiness = new ReadinessProbe(engine);
        this.images = new ImagePuller(engine, auths, pulls);
        this.networks = new SessionNetworks(engine);
        this.volumes = new SessionVolumes(engine);
        this.limits = new LimitsUpdater(engine);
    }

    @Override
    public List<ContainerState> listContainers(Map<String, String> labels) {
        var cmd = engine.get().listContainersCmd().withShowAll(true);
        if (labels != null && !labels.isEmpty()) {
            cmd = cmd.withLabelFilter(labels);
        }
        List<Container> containers = cmd.exec();
        List<ContainerState> states = new ArrayList<>(containers.size());
        for (Container c : containers) {
            states.add(EngineContainers.fromList(c));
        }
        return states;
    }

    @Override
    public ContainerState ensureContainer(ContainerRequest request) {
        // Create first: the name is deterministic, so an earlier attempt's container shows as a name
        // conflict, and only then is it inspected. The session's network is made once per engine (its pods
        // created at once wait for it), so a create costs one engine call, the session's first two.
        String network = CreateContainerCommands.sessionNetwork(request);
        String session = request.labels() == null ? null : request.labels().get(StewardLabels.SESSION);
        String deployment = request.labels() == null ? null : request.labels().get(StewardLabels.DEPLOYMENT);
        if (network != null) {
            networks.ensureKnown(network, session, deployment);
        }
        List<Bind> binds = sessionVolumes(request);
        try {
            return create(request, network, binds);
        } catch (ConflictException | InternalServerErrorException | NotFoundException e) {
            if (network == null || !EngineErrors.isNetworkMissing(e)) {
                throw e;
            }
            // Removed behind this process's back (a sweep, the session's last other container going).
            networks.forget(network);
            networks.ensureKnown(network, session, deployment);
            return create(request, network, binds);
        }
    }

    private ContainerState create(ContainerRequest request, @Nullable String network, List<Bind> binds) {
        CreateContainerResponse created;
        try {
            created = commands.of(request, network, binds).exec();
        } catch (ConflictException | InternalServerErrorException | NotFoundException e) {
            if (network != null && EngineErrors.isNetworkMissing(e)) {
                throw e;
            }
            if (EngineErrors.isImageMissing(e)) {
                throw ApplicationFailure.newNonRetryableFailureWithCause("the engine has not image " + request.image()
                        + " of container " + request.name(), IMAGE_MISSING, e);
            }
            if (e instanceof NotFoundException || (!EngineErrors.isNameConflict(e) && EngineErrors.isInvalidSpec(e))) {
                throw refused(request, e);
            }
            if (!EngineErrors.isNameConflict(e)) {
                throw e;
            }
            // An earlier or concurrent attempt holds the name: its container is ours, whatever its state.
            LOG.debug("container {} exists already", request.name());
            return inspectAfterNameConflict(request.name(), e);
        } catch (BadRequestException e) {
            throw refused(request, e);
        }
        LOG.info("created container {} ({}) from {}", request.name(), created.getId(), request.image());
        return EngineContainers.created(created.getId(), request.name(), request.labels());
    }

    @Override
    public ContainerState ensureStarted(ContainerRequest request) {
        ContainerState container = ensureContainer(request);
        // A start the engine took needs no inspect to answer: the create said what the container is, and
        // should its process end at once, its die event tells the part. One engine call fewer per new pod.
        return start(container.id(), () -> EngineContainers.started(container));
    }

    @Override
    public ImagePullResult pullImage(String image) {
        ActivityExecutionContext activity = Activity.getExecutionContext();
        return images.pull(image, activity::heartbeat);
    }

    @Override
    public ContainerState startContainer(String containerId) {
        return start(containerId, () -> inspect(containerId));
    }

    /** Starts the container; {@code started} answers once the engine did, an inspect when it ran already. */
    private ContainerState start(String containerId, Supplier<ContainerState> started) {
        starts.starting(containerId);
        try {
            return startOnEngine(containerId) ? started.get() : inspect(containerId);
        } catch (RuntimeException e) {
            // The part may never get this answer: should the engine have started it, the event tells the part.
            starts.forget(containerId);
            throw e;
        }
    }

    /** @return whether the engine started the container, {@code false} when it ran already */
    private boolean startOnEngine(String containerId) {
        try {
            engine.get().startContainerCmd(containerId).exec();
            return true;
        } catch (NotModifiedException alreadyRunning) {
            starts.forget(containerId); // no start, so no event
            LOG.debug("container {} already runs", containerId);
            return false;
        } catch (InternalServerErrorException e) {
            if (EngineErrors.isNetworkMissing(e)) {
                throw networkMadeAgain(containerId, e);
            }
            if (!EngineErrors.isHostPortTaken(e)) {
                throw e;
            }
            String message = "container " + containerId + " cannot start: " + EngineErrors.message(e);
            LOG.warn(message);
            throw ApplicationFailure.newNonRetryableFailureWithCause(message, HOST_PORT_TAKEN, e);
        }
    }

    @Override
    public LimitsUpdate updateLimits(String containerId, ContainerLimits limits) {
        return this.limits.update(containerId, limits);
    }

    @Override
    public void stopContainer(String containerId, int graceSeconds) {
        try {
            engine.get().stopContainerCmd(containerId).withTimeout(Math.max(0, graceSeconds)).exec();
        } catch (NotModifiedException alreadyStopped) {
            LOG.debug("container {} was already stopped", containerId);
        } catch (NotFoundException missing) {
            LOG.debug("container {} to stop does not exist", containerId);
        }
    }

    @Override
    public void removeContainer(String containerId) {
        ContainerState container = inspectOrNull(containerId);
        try {
            engine.get().removeContainerCmd(containerId).withForce(true).withRemoveVolumes(true).exec();
        } catch (NotFoundException missing) {
            LOG.debug("container {} to remove does not exist", containerId);
        } catch (ConflictException | InternalServerErrorException e) {
            if (!EngineErrors.isRemovalInProgress(e)) {
                throw e;
            }
            LOG.debug("container {} is already being removed", containerId);
        }
        String session = container == null ? null : container.label(StewardLabels.SESSION);
        if (session != null) {
            networks.removeIfUnused(session);
        }
    }

    @Override
    public void removeSessionVolumes(UUID sessionId, List<String> names) {
        List<String> inUse = volumes.removeAll(sessionId.toString(), names);
        if (!inUse.isEmpty()) {
            throw ApplicationFailure.newFailure("still used by a container: " + String.join(", ", inUse), VOLUME_IN_USE);
        }
    }

    @Override
    public @Nullable ContainerState inspectContainer(String containerId) {
        return inspectOrNull(containerId);
    }

    @Override
    public ProbeResult awaitReadinessChange(ProbeRequest request) {
        return readiness.awaitChange(request);
    }

    /** The session's volumes the container mounts, each ensured on the engine. */
    private List<Bind> sessionVolumes(ContainerRequest request) {
        if (request.mounts().isEmpty()) {
            return List.of();
        }
        String session = request.labels().get(StewardLabels.SESSION);
        String deployment = request.labels().get(StewardLabels.DEPLOYMENT);
        if (session == null || deployment == null) {
            throw ApplicationFailure.newNonRetryableFailure("container " + request.name()
                    + " mounts session volumes but is labelled with no session", INVALID_SPEC);
        }
        List<Bind> binds = new ArrayList<>();
        for (VolumeMount mount : request.mounts()) {
            String volume = volumes.ensure(session, deployment, mount.volume());
            binds.add(new Bind(volume, new Volume(mount.path()), mount.readOnly() ? AccessMode.ro : AccessMode.rw));
        }
        return binds;
    }

    private ContainerState inspect(String idOrName) {
        return EngineContainers.fromInspect(engine.get().inspectContainerCmd(idOrName).exec());
    }

    private @Nullable ContainerState inspectOrNull(String idOrName) {
        try {
            return inspect(idOrName);
        } catch (NotFoundException missing) {
            return null;
        }
    }

    /**
     * The container that holds {@code name}. Podman reserves a name in its storage before the
     * container can be inspected, so a create that loses a race may briefly see the name taken and
     * no container of that name; this waits a little for it to appear. A name that stays taken with
     * no container (a storage leftover after an engine crash) fails retryably.
     */
    private ContainerState inspectAfterNameConflict(String name, DockerException conflict) {
        long deadline = System.nanoTime() + NAME_SETTLE_TIMEOUT.toNanos();
        while (true) {
            ContainerState state = inspectOrNull(name);
            if (state != null) {
                return state;
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new IllegalStateException("container name " + name + " is in use, but no container of that"
                        + " name appeared within " + NAME_SETTLE_TIMEOUT.toMillis() + " ms", conflict);
            }
            try {
                Thread.sleep(NAME_SETTLE_POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for container " + name, e);
            }
        }
    }

    /**
     * Podman joins a container to its network only when it starts, so the removal of the session's last
     * other container (or a refused one) may take the network while this one waits to start. The network
     * is made again under its name; the activity's retry starts the container.
     */
    private IllegalStateException networkMadeAgain(String containerId, DockerException missing) {
        ContainerState container = inspect(containerId);
        networks.ensure(container.label(StewardLabels.SESSION), container.label(StewardLabels.DEPLOYMENT));
        LOG.warn("the network of container {} was removed before it started; made again", containerId);
        return new IllegalStateException("the network of container " + containerId + " was removed before it started",
                missing);
    }

    /** The engine refused the spec: no container will use the session network this call ensured. */
    private ApplicationFailure refused(ContainerRequest request, DockerException e) {
        String session = request.labels() == null ? null : request.labels().get(StewardLabels.SESSION);
        if (session != null && !request.hostNetwork()) {
            networks.removeIfUnused(session);
        }
        return invalidSpec(request, e);
    }

    private static ApplicationFailure invalidSpec(ContainerRequest request, DockerException e) {
        String message = "engine refused container " + request.name() + " (image " + request.image() + "): "
                + EngineErrors.message(e);
        LOG.warn(message);
        return ApplicationFailure.newNonRetryableFailureWithCause(message, INVALID_SPEC, e);
    }
}
