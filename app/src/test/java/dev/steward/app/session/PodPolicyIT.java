package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.http.problem.Problem;
import dev.steward.app.support.Refusals;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TestTokens;
import dev.steward.model.FieldError;
import dev.steward.model.PodView;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.store.SessionRepository;
import io.micronaut.context.annotation.Property;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a deployment lets pods ask for, with the service's own limits and capability lists and an allow-list of
 * registries: an image from another registry (read as its fully qualified name, so {@code busybox} is Docker Hub's),
 * more CPUs or memory than the maxima, or a capability the operator does not allow is refused with {@code 422} naming
 * the field, on creation and on a spec change, and changes nothing (no row, no new generation, nothing pulled or
 * created); a pod that adds an allowed capability runs with it, and with the deployment's PIDs limit.
 */
@MicronautTest
@Property(name = "steward.images.allowed-registries", value = "localhost,registry.example.com:5000")
class PodPolicyIT extends SessionApiBase {

    @Inject
    SessionRepository sessions;

    @Test
    void anImageFromAnotherRegistryIsRefusedBeforeAnythingIsStoredOrPulled() {
        Map<String, Object> spec = session(pod("a", Specs.BUSYBOX), pod("b", "busybox:1.36"),
                pod("c", "registry.example.com:5000/team/app:1"), pod("d", "registry.example.com/team/app:1"));

        Problem problem = refusedCreate(spec);

        assertEquals(List.of("parts[0].pods[1].image", "parts[0].pods[3].image"), fields(problem));
        String message = problem.errors().getFirst().message();
        assertTrue(message.contains("docker.io/library/busybox:1.36") && message.contains("steward.images.allowed-registries"),
                message);
    }

    @Test
    void moreThanTheMaximaOrACapabilityTheOperatorDoesNotAllowIsRefused() {
        Map<String, Object> greedy = new LinkedHashMap<>(pod("a", Specs.BUSYBOX));
        greedy.put("resources", Map.of("cpus", 4.5, "memoryMb", 8193));
        Map<String, Object> privileged = new LinkedHashMap<>(pod("b", Specs.BUSYBOX));
        privileged.put("addCapabilities", List.of("NET_RAW", "SYS_ADMIN"));

        Problem problem = refusedCreate(session(greedy, privileged));

        assertEquals(List.of("parts[0].pods[0].resources.cpus", "parts[0].pods[0].resources.memoryMb",
                "parts[0].pods[1].addCapabilities[1]"), fields(problem));
        assertTrue(problem.errors().get(2).message().contains("steward.pods.security.allowed-capabilities"),
                problem.errors().toString());
    }

    @Test
    void aSpecChangeToARefusedImageChangesNothing() {
        Map<String, Object> stopped = new LinkedHashMap<>(session(pod("a", Specs.BUSYBOX)));
        stopped.put("desiredStatus", "STOPPED");
        SessionView session = api.create(stopped);
        try {
            Problem problem = Refusals.refused(client.toBlocking(), TestTokens.authorized(HttpRequest.PUT(
                    "/api/v1/sessions/" + session.id() + "/spec", session(pod("a", "quay.io/team/app:1")))),
                    HttpStatus.UNPROCESSABLE_ENTITY);
            assertEquals(List.of("parts[0].pods[0].image"), fields(problem));
            assertEquals(session.generation(), api.get(session.id()).generation());
        } finally {
            api.delete(session.id());
            api.awaitStatus(session.id(), SessionStatus.DELETED);
        }
    }

    @Test
    void aPodRunsWithTheCapabilityItMayAddAndTheDeploymentsPidsLimit() {
        Map<String, Object> raw = new LinkedHashMap<>(pod("raw", Specs.BUSYBOX));
        raw.put("addCapabilities", List.of("NET_RAW"));
        SessionView session = api.create(session(raw));
        try {
            PodView pod = api.awaitStatus(session.id(), SessionStatus.RUNNING).parts().getFirst().pods().getFirst();
            String status = engine.output(pod.containerId(), "cat", "/proc/1/status");
            // CHOWN, DAC_OVERRIDE, FOWNER, KILL, SETGID, SETUID, NET_BIND_SERVICE (the defaults) and NET_RAW (13).
            assertTrue(status.contains("CapEff:\t00000000000024eb"), status);
            assertTrue(status.contains("NoNewPrivs:\t1"), status);
            assertEquals("1024", engine.output(pod.containerId(), "sh", "-c",
                    "cat /sys/fs/cgroup/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids/pids.max").strip());
        } finally {
            api.delete(session.id());
            api.awaitStatus(session.id(), SessionStatus.DELETED);
        }
    }

    private Problem refusedCreate(Map<String, Object> spec) {
        long rowsBefore = sessions.count();
        Problem problem = Refusals.refused(client.toBlocking(),
                TestTokens.authorized(HttpRequest.POST("/api/v1/sessions", spec)), HttpStatus.UNPROCESSABLE_ENTITY);
        assertEquals(rowsBefore, sessions.count(), "a refused request wrote a session row");
        return problem;
    }

    private static List<String> fields(Problem problem) {
        return problem.errors().stream().map(FieldError::field).toList();
    }

    @SafeVarargs
    private static Map<String, Object> session(Map<String, Object>... pods) {
        return Map.of("owner", "policy", "parts", List.of(Map.of("name", "p", "pods", List.of(pods))));
    }

    private static Map<String, Object> pod(String name, String image) {
        return Map.of("name", name, "image", image, "command", List.of("sleep", "3600"));
    }
}
