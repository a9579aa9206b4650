package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.command.InspectContainerResponse;
import dev.steward.app.api.TransitionView;
import dev.steward.app.support.Convergence;
import dev.steward.app.support.HostPool;
import dev.steward.app.support.PostgresProxy;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ResourceKind;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * PostgreSQL out of reach for 30 s under a running session, with the workers on: a container that
 * crashes meanwhile is restarted at once (the transitions wait in their workflow's queue), the API
 * answers 503, and afterwards every transition is recorded exactly once, in order.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Property(name = "datasources.default.connection-timeout", value = "2000")
class PostgresOutageIT extends SessionApiBase implements TestPropertyProvider {

    private static final Duration OUTAGE = Duration.ofSeconds(30);

    private PostgresProxy postgres;

    @Inject
    EmbeddedServer server;

    @Override
    public Map<String, String> getProperties() {
        postgres = PostgresProxy.inFrontOfTheTestDatabase();
        return Map.of("datasources.default.url", postgres.url());
    }

    @AfterAll
    void closeProxy() throws IOException {
        postgres.close();
    }

    @Test
    void aCrashDuringTheOutageIsRepairedAtOnceAndEveryTransitionIsRecordedOnceAfter() {
        UUID id = api.create(Map.of("owner", "pg-outage", "parts", List.of(Specs.part("web", "a", "b")))).id();
        PodView a = HostPool.pods(api.awaitStatus(id, SessionStatus.RUNNING)).stream()
                .filter(p -> p.name().equals("a")).findFirst().orElseThrow();
        String startedBefore = docker.inspectContainerCmd(a.containerId()).exec().getState().getStartedAt();
        RawHttp http = new RawHttp(server.getURL());

        postgres.cut();
        Instant back = Instant.now().plus(OUTAGE);
        try {
            docker.killContainerCmd(a.containerId()).exec();
            InspectContainerResponse restarted = Eventually.await("a restarted while PostgreSQL is away", OUTAGE,
                    () -> docker.inspectContainerCmd(a.containerId()).exec(),
                    c -> Boolean.TRUE.equals(c.getState().getRunning())
                            && !startedBefore.equals(c.getState().getStartedAt()));
            assertTrue(Instant.now().isBefore(back), "restarted only after the outage: " + restarted.getState());
            RawAnswer meanwhile = http.get("/api/v1/sessions/" + id);
            assertEquals(503, meanwhile.status(), meanwhile.toString());
            Eventually.await("the outage's end", OUTAGE.plusSeconds(10), Instant::now, now -> now.isAfter(back));
        } finally {
            postgres.restore();
        }

        // READY after a restart is the last of the queued records.
        SessionView after = Eventually.await("the restart recorded", SessionApi.DEADLINE,
                () -> api.get(id), view -> HostPool.pods(view).stream()
                .anyMatch(p -> p.name().equals("a") && p.status() == PodStatus.READY && p.restarts() == 1));
        assertEquals(SessionStatus.RUNNING, api.awaitStatus(id, SessionStatus.RUNNING).status());
        assertEquals(a.containerId(), HostPool.pods(after).stream().filter(p -> p.name().equals("a")).findFirst()
                .orElseThrow().containerId(), "restarted in place");
        List<TransitionView> transitions = api.transitions(id);
        assertEquals(List.of(), Convergence.duplicatedTransitions(transitions));
        assertEquals(List.of("CREATING", "STARTING", "READY", "BACKING_OFF", "STARTING", "READY"), podSteps(transitions, "a"));
        assertEquals(List.of("CREATING", "STARTING", "READY"), podSteps(transitions, "b"));
        api.delete(id);
        api.awaitStatus(id, SessionStatus.DELETED);
    }

    private static List<String> podSteps(List<TransitionView> transitions, String pod) {
        return transitions.stream()
                .filter(t -> t.kind() == ResourceKind.POD && t.resource().equals("web/" + pod))
                .map(TransitionView::to)
                .toList();
    }
}
