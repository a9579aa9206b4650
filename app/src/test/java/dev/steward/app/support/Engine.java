package dev.steward.app.support;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
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

    /** Removes the session networks {@code deployment} made: what is left once its containers are removed by hand. */
    public void removeNetworksOf(String deployment) {
        docker.listNetworksCmd()
                .withFilter("label", List.of(StewardLabels.DEPLOYMENT + "=" + deployment))
                .exec()
                .forEach(network -> docker.removeNetworkCmd(network.getId()).exec());
    }

    public void remove(Container container) {
        docker.removeContainerCmd(container.getId()).withForce(true).exec();
    }
}
