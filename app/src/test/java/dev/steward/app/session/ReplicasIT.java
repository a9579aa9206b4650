package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.contract.StewardLabels;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.http.HttpStatus;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A pod's replicas on the real engine: scaling 3 → 5 → 2 by spec changes adds and removes replicas without
 * touching the others: the surviving replicas keep their container ids, and the dropped ones' containers are
 * gone.
 */
@MicronautTest
class ReplicasIT extends SessionApiBase {

    @Test
    void scalingThreeToFiveToTwoKeepsTheSurvivingReplicasContainers() {
        UUID id = api.create(spec(3)).id();
        Map<String, String> three = awaitRunning(id, "app-0", "app-1", "app-2");
        assertEquals(3, engineReplicas(id).size());

        assertEquals(HttpStatus.ACCEPTED, api.updateSpec(id, spec(5)));
        Map<String, String> five = awaitRunning(id, "app-0", "app-1", "app-2", "app-3", "app-4");
        three.forEach((pod, container) -> assertEquals(container, five.get(pod), pod + " kept its container"));
        assertEquals(five, engineReplicas(id), "the engine runs one container per replica");

        assertEquals(HttpStatus.ACCEPTED, api.updateSpec(id, spec(2)));
        Map<String, String> two = awaitRunning(id, "app-0", "app-1");
        assertEquals(Map.of("app-0", five.get("app-0"), "app-1", five.get("app-1")), two);
        Eventually.await("the dropped replicas' containers removed", SessionApi.DEADLINE,
                () -> engineReplicas(id), two::equals);
        SessionView after = api.get(id);
        List<PodView> dropped = after.parts().getFirst().pods().stream()
                .filter(p -> p.status() == PodStatus.REMOVED).toList();
        assertEquals(List.of("app-2", "app-3", "app-4"), dropped.stream().map(PodView::name).sorted().toList());
        assertTrue(dropped.stream().allMatch(p -> "ScaledDown".equals(p.reason())), dropped.toString());

        api.delete(id);
        api.awaitStatus(id, SessionStatus.DELETED);
        assertEquals(Map.of(), engineReplicas(id));
    }

    /** Waits for the session RUNNING at its generation with exactly these pods READY; their container ids. */
    private Map<String, String> awaitRunning(UUID id, String... pods) {
        SessionView running = Eventually.await("session " + id + " RUNNING with " + List.of(pods), SessionApi.DEADLINE,
                () -> api.get(id),
                view -> view.status() == SessionStatus.RUNNING && view.observedGeneration() == view.generation()
                        && readyPods(view).keySet().equals(java.util.Set.of(pods)));
        return readyPods(running);
    }

    private static Map<String, String> readyPods(SessionView view) {
        return view.parts().getFirst().pods().stream().filter(p -> p.status() == PodStatus.READY)
                .collect(Collectors.toMap(PodView::name, PodView::containerId));
    }

    /** The session's containers on the engine, by the pod they belong to. */
    private Map<String, String> engineReplicas(UUID id) {
        Map<String, String> byPod = new HashMap<>();
        docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(StewardLabels.SESSION, id.toString())).exec()
                .forEach(c -> byPod.put(c.getLabels().get(StewardLabels.POD), c.getId()));
        return byPod;
    }

    private static Map<String, Object> spec(int replicas) {
        Map<String, Object> pod = new HashMap<>(Specs.sleeper("app"));
        pod.put("replicas", replicas);
        return Map.of("owner", "replicas", "parts", List.of(Map.of("name", "web", "pods", List.of(pod))));
    }
}
