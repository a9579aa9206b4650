package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.InternalServerErrorException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Network;
import dev.steward.contract.StewardLabels;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine network of each session on one engine: every pod of the session joins it with its pod
 * name as alias, so pods find each other by name and pods of other sessions do not. Created before
 * the session's first container on the engine, removed once none of its containers is left. Every
 * call is idempotent.
 */
public final class SessionNetworks {

    private static final Logger LOG = LoggerFactory.getLogger(SessionNetworks.class);

    private final Supplier<DockerClient> engine;
    /** Networks this process made or found on the engine: a create that joins one costs no look first. */
    private final Set<String> known = ConcurrentHashMap.newKeySet();
    /** One lock per network being made, so a session's pods created at once make it once. */
    private final Map<String, Object> making = new ConcurrentHashMap<>();

    SessionNetworks(Supplier<DockerClient> engine) {
        this.engine = engine;
    }

    /**
     * Makes the session's network {@code name} unless this process knows it exists: the session's first
     * container on this engine makes it (one call), those created at the same time wait for that, and later
     * ones go straight to their create. A network removed behind this process's back fails a create
     * ({@link EngineErrors#isNetworkMissing}): {@link #forget} it and make it again.
     */
    void ensureKnown(String name, String sessionId, String deployment) {
        if (known.contains(name)) {
            return;
        }
        synchronized (making.computeIfAbsent(name, n -> new Object())) {
            if (!known.contains(name)) {
                create(name, sessionId, deployment);
                known.add(name);
            }
        }
    }

    /** The network is not known to exist any more. */
    void forget(String name) {
        known.remove(name);
    }

    /** The session's network name: deterministic, like its containers' names. */
    public static String name(String sessionId) {
        return "steward_" + sessionId;
    }

    /** Creates the session's network unless it exists; returns its name. */
    String ensure(String sessionId, String deployment) {
        String name = name(sessionId);
        if (!exists(name)) {
            create(name, sessionId, deployment);
        }
        return name;
    }

    /** Creates the session's network {@code name}; one that exists already (a concurrent create won) is left as it is. */
    void create(String name, String sessionId, String deployment) {
        try {
            engine.get().createNetworkCmd()
                    .withName(name)
                    .withDriver("bridge")
                    .withCheckDuplicate(true)
                    .withLabels(Map.of(
                            StewardLabels.MANAGED, "true",
                            StewardLabels.DEPLOYMENT, deployment,
                            StewardLabels.SESSION, sessionId))
                    .exec();
            LOG.info("created network {}", name);
        } catch (ConflictException | InternalServerErrorException e) {
            // A concurrent create won.
            if (!EngineErrors.isAlreadyExisting(e)) {
                throw e;
            }
            LOG.debug("network {} was created concurrently", name);
        }
    }

    /**
     * Removes the session's network unless a container of the session (of any state) is left on this
     * engine; the last container's removal removes it.
     */
    void removeIfUnused(String sessionId) {
        String name = name(sessionId);
        // Podman joins a container to its network only when it starts: a created one does not hold the
        // network, and would find it gone. Any container of the session keeps it.
        boolean used = !engine.get().listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(StewardLabels.MANAGED, "true", StewardLabels.SESSION, sessionId))
                .exec().isEmpty();
        if (used) {
            LOG.debug("network {} still has containers of its session", name);
            return;
        }
        known.remove(name);
        making.remove(name);
        try {
            engine.get().removeNetworkCmd(name).exec();
            LOG.info("removed network {}", name);
        } catch (NotFoundException gone) {
            LOG.debug("network {} to remove does not exist", name);
        } catch (ConflictException | InternalServerErrorException e) {
            if (EngineErrors.isNetworkInUse(e)) {
                LOG.debug("network {} still has containers", name);
            } else if (EngineErrors.isNetworkGone(e)) {
                LOG.debug("network {} to remove does not exist", name);
            } else {
                throw e;
            }
        }
    }

    /**
     * Removes the networks of {@code deployment} on this engine whose session is not in {@code live}
     * and that no container uses: what a removal cut short left behind. Returns how many it removed.
     */
    int sweep(String deployment, Set<String> live) {
        List<Network> networks = engine.get().listNetworksCmd()
                .withFilter("label", List.of(StewardLabels.MANAGED + "=true", StewardLabels.DEPLOYMENT + "=" + deployment))
                .exec();
        int removed = 0;
        for (Network network : networks) {
            String session = network.getLabels() == null ? null : network.getLabels().get(StewardLabels.SESSION);
            if (session != null && !live.contains(session) && network.getName().equals(name(session))) {
                removeIfUnused(session);
                removed += exists(network.getName()) ? 0 : 1;
            }
        }
        return removed;
    }

    /** Whether a network of that name exists. */
    boolean exists(String name) {
        try {
            engine.get().inspectNetworkCmd().withNetworkId(name).exec();
            return true;
        } catch (NotFoundException missing) {
            return false;
        } catch (InternalServerErrorException e) {
            if (EngineErrors.isNotFound(e)) {
                return false;
            }
            throw e;
        }
    }

}
