package dev.steward.app.support;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.InspectVolumeResponse;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.StreamType;
import dev.steward.contract.StewardLabels;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** Looks at the engine directly, by label, independently of what Steward reports. */
public final class Engine {

    private final DockerClient docker;

    public Engine(DockerClient docker) {
        this.docker = docker;
    }

    public List<Container> containersOf(UUID sessionId) {
        return docker.listContainersCmd()
                .withShowAll(true)
                .withLabelFilter(StewardLabels.forSession(sessionId))
                .exec();
    }

    /** Every container, in any state, that {@code deployment} made. */
    public List<Container> containersOf(String deployment) {
        return docker.listContainersCmd()
                .withShowAll(true)
                .withLabelFilter(StewardLabels.forDeployment(deployment))
                .exec();
    }

    /** The containers {@code deployment} made for pods placed on {@code host} that run now. */
    List<Container> running(String deployment, String host) {
        return docker.listContainersCmd()
                .withShowAll(true)
                .withLabelFilter(Map.of(StewardLabels.DEPLOYMENT, deployment, StewardLabels.HOST, host))
                .exec()
                .stream()
                .filter(c -> "running".equals(c.getState()))
                .toList();
    }

    /** Runs {@code command} in the container and waits for it to end. */
    public void exec(String containerId, String... command) {
        output(containerId, command);
    }

    /** Runs {@code command} in the container, waits for it to end and returns what it wrote to stdout. */
    public String output(String containerId, String... command) {
        String exec = docker.execCreateCmd(containerId).withCmd(command)
                .withAttachStdout(true).withAttachStderr(true).exec().getId();
        StringBuilder stdout = new StringBuilder();
        ResultCallback.Adapter<Frame> collect = new ResultCallback.Adapter<>() {
            @Override
            public void onNext(Frame frame) {
                if (frame.getStreamType() == StreamType.STDOUT || frame.getStreamType() == StreamType.RAW) {
                    stdout.append(new String(frame.getPayload(), StandardCharsets.UTF_8));
                }
            }
        };
        try {
            docker.execStartCmd(exec).exec(collect).awaitCompletion(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return stdout.toString();
    }

    public boolean hasNetwork(String name) {
        try {
            docker.inspectNetworkCmd().withNetworkId(name).exec();
            return true;
        } catch (NotFoundException gone) {
            return false;
        }
    }

    public boolean hasVolume(String name) {
        try {
            docker.inspectVolumeCmd(name).exec();
            return true;
        } catch (NotFoundException gone) {
            return false;
        }
    }

    /** Removes what {@code deployment} left on this engine: its containers, then its session networks. */
    public void removeAllOf(String deployment) {
        containersOf(deployment).forEach(this::remove);
        removeNetworksOf(deployment, session -> true);
    }

    /**
     * Removes the session networks {@code deployment} made for the sessions {@code ofSession} accepts: what is
     * left once their containers are removed by hand, since the service removes a network with its last container.
     */
    public void removeNetworksOf(String deployment, Predicate<String> ofSession) {
        docker.listNetworksCmd()
                .withFilter("label", List.of(StewardLabels.DEPLOYMENT + "=" + deployment))
                .exec()
                .stream()
                .filter(network -> ofSession.test(network.getLabels().get(StewardLabels.SESSION)))
                .forEach(network -> {
                    try {
                        docker.removeNetworkCmd(network.getId()).exec();
                    } catch (DockerException goneOrInUse) {
                        // Removed meanwhile, or a container the service made since joined it: the service
                        // removes it with that container.
                    }
                });
    }

    /** Removes the session volumes {@code deployment} made; one a container still uses stays. */
    public void removeVolumesOf(String deployment) {
        List<InspectVolumeResponse> volumes = docker.listVolumesCmd()
                .withFilter("label", List.of(StewardLabels.DEPLOYMENT + "=" + deployment))
                .exec()
                .getVolumes();
        for (InspectVolumeResponse volume : volumes == null ? List.<InspectVolumeResponse>of() : volumes) {
            try {
                docker.removeVolumeCmd(volume.getName()).exec();
            } catch (DockerException goneOrInUse) {
                // Removed meanwhile, or still mounted: not this cleanup's to force.
            }
        }
    }

    public void remove(Container container) {
        docker.removeContainerCmd(container.getId()).withForce(true).exec();
    }
}
