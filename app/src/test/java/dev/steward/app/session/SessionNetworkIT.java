package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.ContainerNetwork;
import com.github.dockerjava.api.model.Network;
import dev.steward.activity.SessionNetworks;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.contract.StewardLabels;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Each session's pods share an engine network of their own and find each other there by pod name: busybox
 * {@code httpd} runs as pod {@code web}, and a job in another part of the same session fetches
 * {@code http://web:8080/} with {@code wget} and completes; the same job in another session, while {@code web}
 * still serves, fails (the name does not resolve there). It checks the network's labels, the pod's alias and
 * address, and that both sessions' networks are gone after {@code DELETE}.
 */
@MicronautTest
class SessionNetworkIT extends SessionApiBase {

    /** Fetches the page "web" serves and checks it: exit 0 only when the name resolves and answers. */
    private static final String FETCH = "wget -O /tmp/page http://web:8080/ && grep -q served /tmp/page";

    @Test
    void podsOfASessionReachEachOtherByNameAndPodsOfAnotherSessionDoNot() {
        Map<String, Object> web = pod("web", "worker",
                "mkdir -p /www && echo served > /www/index.html && exec httpd -f -p 8080 -h /www");
        web.put("readiness", Map.of("type", "http", "port", 8080, "path", "/", "intervalSeconds", 1));
        UUID id = api.create(Map.of("owner", "network", "parts", List.of(
                part("server", web),
                Map.of("name", "client", "after", List.of("server"), "onFailure", "CONTINUE",
                        "pods", List.of(pod("fetch", "job", FETCH)))))).id();
        UUID other = null;
        try {
            PodView fetched = awaitPod(id, "client", "fetch",
                    p -> p.status() == PodStatus.COMPLETED || p.status() == PodStatus.FAILED);
            assertEquals(PodStatus.COMPLETED, fetched.status(), "fetch reaches web by name: " + fetched);

            String network = SessionNetworks.name(id.toString());
            Network inspected = docker.inspectNetworkCmd().withNetworkId(network).exec();
            assertEquals(id.toString(), inspected.getLabels().get(StewardLabels.SESSION));
            assertTrue(inspected.getLabels().containsKey(StewardLabels.DEPLOYMENT), inspected.getLabels().toString());
            PodView server = findPod(api.get(id), "server", "web");
            ContainerNetwork joined = docker.inspectContainerCmd(server.containerId()).exec()
                    .getNetworkSettings().getNetworks().get(network);
            assertTrue(joined.getAliases().contains("web"), "the pod's name is its alias: " + joined.getAliases());
            assertEquals(joined.getIpAddress(), server.address(), "the API shows the address on the session's network");

            // The same fetch from another session, while web serves: "web" is not a name there.
            other = api.create(Map.of("owner", "network", "parts",
                    List.of(part("client", pod("fetch", "job", FETCH))))).id();
            UUID outsider = other;
            PodView refused = awaitPod(outsider, "client", "fetch",
                    p -> p.status() == PodStatus.COMPLETED || p.status() == PodStatus.FAILED);
            assertEquals(PodStatus.FAILED, refused.status(), "another session's pod must not reach web: " + refused);
            assertEquals(PodStatus.READY, findPod(api.get(id), "server", "web").status());
        } finally {
            deleteAndAwaitNetworkGone(id);
            if (other != null) {
                deleteAndAwaitNetworkGone(other);
            }
        }
    }

    private void deleteAndAwaitNetworkGone(UUID id) {
        api.delete(id);
        api.awaitStatus(id, SessionStatus.DELETED);
        String network = SessionNetworks.name(id.toString());
        Eventually.await("network " + network + " removed", SessionApi.DEADLINE,
                () -> engine.hasNetwork(network), exists -> !exists);
    }

    private PodView awaitPod(UUID id, String part, String pod, Predicate<PodView> wanted) {
        return Eventually.await("pod " + part + "/" + pod + " as wanted", SessionApi.DEADLINE,
                () -> findPod(api.get(id), part, pod), wanted);
    }

    private static PodView findPod(SessionView view, String part, String pod) {
        return view.parts().stream().filter(p -> p.name().equals(part)).flatMap(p -> p.pods().stream())
                .filter(p -> p.name().equals(pod)).findFirst().orElseThrow();
    }

    private static Map<String, Object> part(String name, Map<String, Object> pod) {
        return Map.of("name", name, "pods", List.of(pod), "onFailure", "CONTINUE");
    }

    private static Map<String, Object> pod(String name, String kind, String script) {
        Map<String, Object> pod = new HashMap<>();
        pod.put("name", name);
        pod.put("image", Specs.BUSYBOX);
        pod.put("command", List.of("sh", "-c", script));
        pod.put("kind", kind);
        return pod;
    }
}
