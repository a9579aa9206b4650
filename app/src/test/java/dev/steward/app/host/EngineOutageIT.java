package dev.steward.app.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.api.TransitionView;
import dev.steward.app.support.HostPool;
import dev.steward.app.support.SecondEngineOutageBase;
import dev.steward.app.support.SessionApi;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ResourceKind;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The engine's API service stopped for a minute under a running session: an outage of the machinery,
 * not a failure of the workload. Its pods are UNKNOWN (HostUnreachable) meanwhile, nothing fails and
 * nothing restarts, and once the engine is back the session is RUNNING on the containers that outlived
 * the outage. The host's loss (placing the pods elsewhere) is {@link HostLossIT}'s: here the grace
 * period outlasts the outage.
 */
@MicronautTest(transactional = false)
@Property(name = "steward.hosts.lost-after", value = "10m")
class EngineOutageIT extends SecondEngineOutageBase {

    private static final Duration OUTAGE = Duration.ofSeconds(60);

    @Test
    void aMinuteWithoutTheEngineFailsNothingAndTheSessionRunsOnAfterIt() throws IOException {
        String b = pool.onSecondEngine("b", 10);
        pool.awaitReady(b);
        UUID id = pool.create(pool.session(List.of(pool.pod("one"), pool.pod("two"))));
        Map<String, String> before = containerIds(pool.sessions().awaitStatus(id, SessionStatus.RUNNING));

        Set<SessionStatus> sessionSeen = EnumSet.noneOf(SessionStatus.class);
        Set<PodStatus> podsSeen = EnumSet.noneOf(PodStatus.class);
        try {
            secondEngine.stop();
            Instant back = Instant.now().plus(OUTAGE);
            Eventually.await("both pods UNKNOWN while the engine is away", SessionApi.DEADLINE,
                    () -> watch(id, sessionSeen, podsSeen),
                    view -> HostPool.pods(view).stream().allMatch(p -> p.status() == PodStatus.UNKNOWN));
            Eventually.await("the outage's end", OUTAGE.plusSeconds(30), () -> {
                watch(id, sessionSeen, podsSeen);
                return Instant.now();
            }, now -> now.isAfter(back));
        } finally {
            secondEngine.start();
        }
        pool.reconnectSecondEngine();

        SessionView after = pool.sessions().awaitStatus(id, SessionStatus.RUNNING);
        assertEquals(before, containerIds(after), "the containers outlived the outage and were adopted");
        for (PodView pod : HostPool.pods(after)) {
            assertEquals(PodStatus.READY, pod.status(), pod.name());
            assertEquals(0, pod.restarts(), pod.name() + " counted a restart for the outage");
        }
        assertEquals(2, pool.containersOf(b, id).size(), "one container per pod");
        assertFalse(sessionSeen.contains(SessionStatus.FAILED), "session statuses seen: " + sessionSeen);
        assertFalse(podsSeen.contains(PodStatus.FAILED), "pod statuses seen: " + podsSeen);

        List<TransitionView> transitions = pool.sessions().transitions(id);
        assertTrue(transitions.stream().noneMatch(t -> t.to().equals("FAILED")), "a FAILED transition: " + transitions);
        for (String pod : before.keySet()) {
            List<String> steps = transitions.stream()
                    .filter(t -> t.kind() == ResourceKind.POD && t.resource().endsWith("/" + pod))
                    .map(t -> t.to() + (t.to().equals("UNKNOWN") ? "(" + t.reason() + ")" : ""))
                    .toList();
            assertEquals(List.of("CREATING", "STARTING", "READY", "UNKNOWN(HostUnreachable)", "READY"), steps, pod);
        }
    }

    private SessionView watch(UUID id, Set<SessionStatus> sessionSeen, Set<PodStatus> podsSeen) {
        SessionView view = pool.sessions().get(id);
        sessionSeen.add(view.status());
        HostPool.pods(view).forEach(pod -> podsSeen.add(pod.status()));
        return view;
    }

    private static Map<String, String> containerIds(SessionView view) {
        return HostPool.pods(view).stream().collect(Collectors.toMap(PodView::name, PodView::containerId));
    }
}
