package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.VersionCmd;
import com.github.dockerjava.api.model.Version;
import dev.steward.store.HostStore;
import io.temporal.failure.ApplicationFailure;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** {@link HostActivities} on the {@link EngineRegistry}'s probe clients and the {@link HostStore}. */
@Singleton
public class HostActivitiesImpl implements HostActivities {

    private static final int MAX_ERROR_LENGTH = 300;

    private final EngineRegistry engines;
    private final HostStore store;

    public HostActivitiesImpl(EngineRegistry engines, HostStore store) {
        this.engines = engines;
        this.store = store;
    }

    @Override
    public HostProbe probe(String hostName) {
        DockerClient docker = engines.probeClient(hostName);
        Instant probedAt = Instant.now();
        try {
            VersionCmd versionCmd = docker.versionCmd();
            Version version = versionCmd.exec();
            int containers = docker.listContainersCmd()
                    .withShowAll(true)
                    .withLabelFilter(Map.of(StewardLabels.MANAGED, "true"))
                    .exec()
                    .size();
            return new HostProbe(true, version.getVersion(), version.getApiVersion(), containers, null, probedAt);
        } catch (RuntimeException unreachable) {
            return new HostProbe(false, null, null, null, describe(unreachable), probedAt);
        }
    }

    @Override
    public HostStatusChange recordProbe(UUID probeId, String hostName, HostProbe probe) {
        try {
            return store.recordProbe(probeId, hostName, probe);
        } catch (IllegalArgumentException unknown) {
            throw ApplicationFailure.newNonRetryableFailure(unknown.getMessage(), EngineRegistry.UNKNOWN_HOST);
        }
    }

    /** The innermost cause is the one that says what happened (refused, timed out, no such socket). */
    private static String describe(RuntimeException failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
        return text.length() > MAX_ERROR_LENGTH ? text.substring(0, MAX_ERROR_LENGTH) + "..." : text;
    }
}
