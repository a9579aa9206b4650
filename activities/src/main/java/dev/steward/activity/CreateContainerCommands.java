package dev.steward.activity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Ports;
import com.github.dockerjava.api.model.RestartPolicy;
import dev.steward.contract.ContainerRequest;
import dev.steward.contract.StewardLabels;
import dev.steward.model.PortMapping;
import dev.steward.model.PortProtocol;
import io.micronaut.core.annotation.Nullable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What a {@link ContainerRequest} is on the engine: its create command, with its labels, environment
 * (secrets read in), published ports, the session's network and volumes, Steward's hardening, an init
 * as PID 1 and Docker's restart policy "no". Makes no engine call of its own.
 */
final class CreateContainerCommands {

    /**
     * Restart policy "no", spelled out. docker-java's {@code RestartPolicy.noRestart()} sends an empty
     * name, which Docker reads as "no" but Podman stores and reports as "".
     */
    private static final RestartPolicy NO_RESTART = restartPolicyNo();

    private final Supplier<DockerClient> engine;
    private final Function<ContainerRequest, Map<String, String>> env;
    private final ContainerHardening hardening;

    /**
     * @param env a container's environment, with the values its request takes from secrets
     * @param hardening the limits and privileges of every container
     */
    CreateContainerCommands(Supplier<DockerClient> engine, Function<ContainerRequest, Map<String, String>> env,
            ContainerHardening hardening) {
        this.engine = engine;
        this.env = env;
        this.hardening = hardening;
    }

    /**
     * The network the container joins: its session's, for a container labelled with a session and a
     * deployment off the host's network; {@code null} for any other.
     */
    static @Nullable String sessionNetwork(ContainerRequest request) {
        Map<String, String> labels = request.labels() == null ? Map.of() : request.labels();
        String session = labels.get(StewardLabels.SESSION);
        String deployment = labels.get(StewardLabels.DEPLOYMENT);
        return request.hostNetwork() || session == null || deployment == null ? null : SessionNetworks.name(session);
    }

    /** The create command of {@code request}, on {@code network} (none when {@code null}), mounting {@code binds}. */
    CreateContainerCmd of(ContainerRequest request, @Nullable String network, List<Bind> binds) {
        List<ExposedPort> exposed = new ArrayList<>();
        Ports bindings = new Ports();
        for (PortMapping port : request.ports() == null ? List.<PortMapping>of() : request.ports()) {
            ExposedPort exposedPort = port.protocol() == PortProtocol.UDP
                    ? ExposedPort.udp(port.containerPort()) : ExposedPort.tcp(port.containerPort());
            exposed.add(exposedPort);
            if (port.hostPort() != null) {
                bindings.bind(exposedPort, hardening.hostPort(port.hostPort()));
            }
        }
        HostConfig hostConfig = hardening.apply(HostConfig.newHostConfig()
                // Steward's loop is the only one that restarts.
                .withRestartPolicy(NO_RESTART)
                // An init as PID 1 forwards SIGTERM, so a graceful stop works for any image.
                .withInit(true)
                .withPortBindings(bindings)
                .withBinds(binds), request);
        if (request.hostNetwork()) {
            // On the host's network a container port is the host's port: nothing to publish.
            hostConfig = hostConfig.withNetworkMode("host").withPortBindings(new Ports());
        } else if (network != null) {
            hostConfig = hostConfig.withNetworkMode(network);
        }
        CreateContainerCmd cmd = engine.get().createContainerCmd(request.image())
                .withName(request.name())
                .withLabels(request.labels() == null ? Map.of() : request.labels())
                .withEnv(envList(env.apply(request)))
                .withExposedPorts(exposed)
                .withHostConfig(hostConfig);
        String pod = request.labels() == null ? null : request.labels().get(StewardLabels.POD);
        if (network != null && pod != null) {
            // Its pod's name is its name on the session's network.
            cmd = cmd.withAliases(pod);
        }
        if (request.command() != null && !request.command().isEmpty()) {
            cmd = cmd.withCmd(request.command());
        }
        return cmd;
    }

    private static RestartPolicy restartPolicyNo() {
        try {
            // RestartPolicy has no public way to name "no"; it is a Jackson object, so read one.
            return new ObjectMapper().readValue("{\"Name\":\"no\",\"MaximumRetryCount\":0}", RestartPolicy.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot build restart policy \"no\"", e);
        }
    }

    private static List<String> envList(@Nullable Map<String, String> env) {
        if (env == null) {
            return List.of();
        }
        List<String> list = new ArrayList<>(env.size());
        new TreeMap<>(env).forEach((k, v) -> list.add(k + "=" + (v == null ? "" : v)));
        return list;
    }
}
