package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectVolumeResponse;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.InternalServerErrorException;
import com.github.dockerjava.api.exception.NotFoundException;
import dev.steward.contract.StewardLabels;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine volumes of sessions on one engine: one per volume a session declares, made when a pod
 * mounting it first gets a container there, kept across container replacements and restarts, and
 * removed by its session's teardown, or else by the host's sweep once the session has ended (unless
 * the session retains it). Every call is idempotent.
 */
public final class SessionVolumes {

    /** The session volume's name as the session declares it. */
    public static final String VOLUME_LABEL = "steward.volume";

    private static final Logger LOG = LoggerFactory.getLogger(SessionVolumes.class);

    private final Supplier<DockerClient> engine;

    SessionVolumes(Supplier<DockerClient> engine) {
        this.engine = engine;
    }

    /** The engine volume's name: deterministic, like the session's containers' names. */
    public static String name(String sessionId, String volume) {
        return "steward_" + sessionId + "_" + volume;
    }

    /** Creates the engine volume unless it exists (both engines answer an existing one); returns its name. */
    String ensure(String sessionId, String deployment, String volume) {
        String name = name(sessionId, volume);
        engine.get().createVolumeCmd()
                .withName(name)
                .withLabels(Map.of(
                        StewardLabels.MANAGED, "true",
                        StewardLabels.DEPLOYMENT, deployment,
                        StewardLabels.SESSION, sessionId,
                        VOLUME_LABEL, volume))
                .exec();
        return name;
    }

    /**
     * Removes the volumes of {@code deployment} on this engine that {@code removable} says may go
     * (given the session id and the volume's name); one still in use stays for the next sweep.
     * Returns how many it removed.
     */
    int sweep(String deployment, BiPredicate<String, String> removable) {
        List<InspectVolumeResponse> volumes = engine.get().listVolumesCmd()
                .withFilter("label", List.of(StewardLabels.MANAGED + "=true", StewardLabels.DEPLOYMENT + "=" + deployment))
                .exec()
                .getVolumes();
        int removed = 0;
        for (InspectVolumeResponse volume : volumes == null ? List.<InspectVolumeResponse>of() : volumes) {
            Map<String, String> labels = volume.getLabels() == null ? Map.of() : volume.getLabels();
            String session = labels.get(StewardLabels.SESSION);
            String declared = labels.get(VOLUME_LABEL);
            if (session != null && declared != null && volume.getName().equals(name(session, declared))
                    && removable.test(session, declared) && remove(volume.getName())) {
                removed++;
            }
        }
        return removed;
    }

    /**
     * Removes the session's volumes of these declared names; one that is missing is removed. Returns
     * those a container still uses, which stay.
     */
    List<String> removeAll(String sessionId, List<String> volumes) {
        List<String> inUse = new ArrayList<>();
        for (String volume : volumes) {
            String name = name(sessionId, volume);
            if (!remove(name) && exists(name)) {
                inUse.add(name);
            }
        }
        return inUse;
    }

    private boolean exists(String name) {
        try {
            engine.get().inspectVolumeCmd(name).exec();
            return true;
        } catch (NotFoundException gone) {
            return false;
        }
    }

    private boolean remove(String name) {
        try {
            engine.get().removeVolumeCmd(name).exec();
            LOG.info("removed volume {}", name);
            return true;
        } catch (NotFoundException gone) {
            return false;
        } catch (ConflictException | InternalServerErrorException e) {
            if (EngineErrors.isVolumeInUse(e)) {
                LOG.debug("volume {} is still in use", name);
                return false;
            }
            throw e;
        }
    }
}
