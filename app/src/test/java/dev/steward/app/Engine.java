package dev.steward.app;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.steward.activity.StewardLabels;
import java.util.List;
import java.util.UUID;

/** Looks at the engine directly, by label, independently of what Steward reports. */
final class Engine {

    private final DockerClient docker;

    Engine(DockerClient docker) {
        this.docker = docker;
    }

    List<Container> containersOf(UUID sessionId) {
        return docker.listContainersCmd()
                .withShowAll(true)
                .withLabelFilter(StewardLabels.forSession(sessionId))
                .exec();
    }
}
