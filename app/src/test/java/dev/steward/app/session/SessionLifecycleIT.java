package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.github.dockerjava.api.model.Container;
import dev.steward.app.api.TransitionView;
import dev.steward.app.support.Convergence;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.PodStatus;
import dev.steward.model.ResourceKind;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import io.micronaut.http.HttpStatus;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A session from a REST call to running containers on the real engine, and back. */
@MicronautTest
class SessionLifecycleIT extends SessionApiBase {

    @Test
    void sessionRunsStopsAndIsDeleted() {
        SessionView created = api.create(Specs.twoByTwo("lifecycle"));
        UUID id = created.id();
        assertEquals(1, created.generation());

        SessionView running = api.awaitConverged(id, SessionStatus.RUNNING);
        assertEquals(1, running.observedGeneration());
        running.parts().forEach(part -> part.pods().forEach(pod -> {
            assertEquals(PodStatus.READY, pod.status(), pod.name());
            assertNotNull(pod.containerId(), pod.name());
            assertEquals("local", pod.host(), pod.name());
        }));
        List<Container> containers = engine.containersOf(id);
        assertEquals(4, containers.size(), "containers on the engine: " + containers);
        Set<String> podsOnEngine = new HashSet<>();
        for (Container c : containers) {
            assertEquals("running", c.getState(), c.getNames()[0]);
            assertEquals("true", c.getLabels().get("steward.managed"));
            assertEquals("1", c.getLabels().get("steward.generation"));
            assertNotNull(c.getLabels().get("steward.spec-hash"));
            podsOnEngine.add(c.getLabels().get("steward.part") + "/" + c.getLabels().get("steward.pod"));
        }
        assertEquals(Set.of("web/server", "web/cache", "backend/db", "backend/queue"), podsOnEngine);

        assertEquals(HttpStatus.ACCEPTED, api.setDesiredStatus(id, "STOPPED"));
        SessionView stopped = api.awaitConverged(id, SessionStatus.STOPPED);
        assertEquals(2, stopped.generation());
        assertEquals(2, stopped.observedGeneration());
        assertEquals(List.of(), engine.containersOf(id));

        assertEquals(HttpStatus.ACCEPTED, api.delete(id));
        SessionView deleted = api.awaitStatus(id, SessionStatus.DELETED);
        assertEquals(3, deleted.generation());
        assertEquals(List.of(), engine.containersOf(id));

        List<TransitionView> transitions = api.transitions(id);
        List<String> sessionSteps = transitions.stream()
                .filter(t -> t.kind() == ResourceKind.SESSION)
                .map(t -> t.from() + ">" + t.to())
                .toList();
        assertEquals(List.of("PENDING>PROVISIONING", "PROVISIONING>RUNNING", "RUNNING>STOPPING", "STOPPING>STOPPED",
                "STOPPED>STOPPING", "STOPPING>DELETED"), sessionSteps);
        for (String pod : podsOnEngine) {
            List<String> podSteps = transitions.stream()
                    .filter(t -> t.kind() == ResourceKind.POD && t.resource().equals(pod))
                    .map(TransitionView::to)
                    .toList();
            assertEquals(List.of("CREATING", "STARTING", "READY", "STOPPING", "STOPPED", "REMOVED"), podSteps, pod);
        }
        Convergence.assertNoDuplicates(transitions);
    }
}
