package dev.steward.app.session;

import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.ContainerNetwork;
import com.github.dockerjava.api.model.ContainerPort;
import dev.steward.activity.EngineRegistry;
import dev.steward.contract.StewardLabels;
import dev.steward.model.PartView;
import dev.steward.model.PodView;
import dev.steward.model.PublishedPort;
import dev.steward.model.SessionView;
import jakarta.inject.Singleton;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills in what only the engines know of a session's pods: each container's address and published
 * ports. One list call per host the session's pods are on, through the probe client, so a silent
 * engine costs at most the probe timeout and leaves its pods without them rather than failing the read.
 */
@Singleton
public class PodEndpoints {

    private static final Logger LOG = LoggerFactory.getLogger(PodEndpoints.class);

    private final EngineRegistry engines;

    public PodEndpoints(EngineRegistry engines) {
        this.engines = engines;
    }

    public SessionView fillIn(SessionView session) {
        Set<String> hosts = session.parts().stream().flatMap(p -> p.pods().stream())
                .filter(pod -> pod.containerId() != null && pod.host() != null)
                .map(PodView::host).collect(Collectors.toSet());
        if (hosts.isEmpty()) {
            return session;
        }
        Map<String, Container> byId = hosts.parallelStream()
                .flatMap(host -> containers(host, session).stream())
                .collect(Collectors.toMap(Container::getId, Function.identity(), (a, b) -> a));
        List<PartView> parts = session.parts().stream()
                .map(part -> part.withPods(
                        part.pods().stream().map(pod -> withEndpoints(pod, byId.get(pod.containerId()))).toList()))
                .toList();
        return session.withParts(parts);
    }

    private List<Container> containers(String host, SessionView session) {
        try {
            return engines.probeClient(host).listContainersCmd().withShowAll(true)
                    .withLabelFilter(Map.of(StewardLabels.SESSION, session.id().toString())).exec();
        } catch (RuntimeException silent) {
            LOG.debug("host {} did not list the containers of session {}", host, session.id(), silent);
            return List.of();
        }
    }

    private static PodView withEndpoints(PodView pod, Container container) {
        if (container == null) {
            return pod;
        }
        List<PublishedPort> ports = container.getPorts() == null ? List.of() : Arrays.stream(container.getPorts())
                .filter(p -> p.getPrivatePort() != null)
                .map(PodEndpoints::published)
                .distinct()
                .sorted(Comparator.comparing(PublishedPort::containerPort)
                        .thenComparing(p -> Objects.toString(p.hostIp(), "")))
                .toList();
        return pod.withEndpoints(address(container), ports);
    }

    private static PublishedPort published(ContainerPort port) {
        String ip = port.getIp() == null || port.getIp().isBlank() ? null : port.getIp();
        return new PublishedPort(port.getPrivatePort(), port.getType(), ip, port.getPublicPort());
    }

    private static String address(Container container) {
        if (container.getNetworkSettings() == null || container.getNetworkSettings().getNetworks() == null) {
            return null;
        }
        return container.getNetworkSettings().getNetworks().values().stream()
                .map(ContainerNetwork::getIpAddress)
                .filter(ip -> ip != null && !ip.isBlank())
                .findFirst().orElse(null);
    }
}
