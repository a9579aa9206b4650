package dev.steward.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.support.Convergence;
import dev.steward.app.support.DurableService;
import dev.steward.app.support.SessionApi;
import dev.steward.app.support.Specs;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.support.Eventually;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The service killed with SIGKILL at one moment when its sessions are at every stage that matters: pods
 * being created, RUNNING, a rolling replace, a teardown, and the kill path at the cleanup deadline. A new
 * service process on the same Temporal server and database takes them all to their desired status:
 * one container per pod, no orphan once the engine is resynced, no transition written twice, and the
 * deadline's session gone.
 */
class WorkerCrashIT {

    private static final Duration SLOT = Duration.ofSeconds(12);
    private static final Duration TO_DEADLINE = Duration.ofSeconds(20);

    @Test
    void aServiceKilledAtEveryStageIsTakenOverByTheNextOne() throws IOException {
        try (DurableService steward = new DurableService("workercrash")) {
            steward.startService();
            String owner = "crash-" + steward.run;
            Instant t0 = Instant.now();
            Instant deadline = t0.plus(TO_DEADLINE);
            Crash at = steward.api(api -> {
                UUID running = api.create(Map.of("owner", owner, "parts", List.of(Specs.part("web", "a", "b")))).id();
                UUID replaced = api.create(Map.of("owner", owner, "parts", List.of(Specs.part("web", "a", "b")))).id();
                UUID deleted = api.create(Map.of("owner", owner, "parts", List.of(Specs.part("web", "a")))).id();
                UUID expiring = api.create(Map.of("owner", owner, "parts", List.of(Specs.part("web", "a")),
                        "timeslot", Map.of("endAt", t0.plus(SLOT).toString(), "cleanupDeadline", deadline.toString()))).id();
                for (UUID id : List.of(running, replaced, deleted, expiring)) {
                    api.awaitStatus(id, SessionStatus.RUNNING);
                }
                // The kill path starts a kill margin (3 s) before the deadline: crash just after.
                Eventually.await("the kill path of the expiring session has begun", SessionApi.DEADLINE,
                        () -> Instant.now(),
                        now -> now.isAfter(deadline.minusMillis(2_700)));
                api.updateSpec(replaced, Map.of("owner", owner, "parts", List.of(Map.of("name", "web", "pods",
                        List.of(withEnv("a"), withEnv("b"))))));
                api.delete(deleted);
                UUID creating = api.create(Map.of("owner", owner, "parts", List.of(Specs.part("web", "a", "b", "c")))).id();
                return new Crash(creating, running, replaced, deleted, expiring);
            });
            Map<String, String> runningBefore = steward.api(api -> DurableService.containerIds(api.get(at.running())));

            steward.killService();
            steward.startService();

            steward.api(api -> {
                SessionView created = api.awaitConverged(at.creating(), SessionStatus.RUNNING);
                assertEquals(3, DurableService.containerIds(created).size());
                assertEquals(runningBefore, DurableService.containerIds(api.awaitConverged(at.running(),
                        SessionStatus.RUNNING)), "the RUNNING session kept its containers");
                SessionView replaced = api.awaitConverged(at.replaced(), SessionStatus.RUNNING);
                assertTrue(replaced.generation() >= 2, "the new spec applied: " + replaced);
                api.awaitStatus(at.deleted(), SessionStatus.DELETED);
                SessionView expired = Eventually.await("the expiring session ended", SessionApi.DEADLINE,
                        () -> api.get(at.expiring()),
                        v -> v.status() == SessionStatus.EXPIRED || v.status() == SessionStatus.DELETED);
                assertTrue(steward.engine.containersOf(at.expiring()).isEmpty(), "nothing left after the deadline: "
                        + expired);
                assertTrue(steward.engine.containersOf(at.deleted()).isEmpty());
                Set<String> live = new HashSet<>();
                List.of(at.creating(), at.running(), at.replaced()).forEach(id -> live.add(id.toString()));
                Eventually.await("one container per pod and no orphan", SessionApi.DEADLINE, () -> {
                    var containers = steward.engine.containersOf("it-" + steward.run);
                    return Convergence.duplicateContainers(containers).size()
                            + Convergence.orphans(containers, live).size();
                }, problems -> problems == 0);
                for (UUID id : at.all()) {
                    assertEquals(List.of(), Convergence.duplicatedTransitions(api.transitions(id)), "session " + id);
                }
                return null;
            });
        }
    }

    private static Map<String, Object> withEnv(String pod) {
        return Map.of("name", pod, "image", Specs.BUSYBOX, "command", List.of("sleep", "3600"),
                "env", Map.of("POD", pod, "ROLE", "replaced"));
    }

    private record Crash(UUID creating, UUID running, UUID replaced, UUID deleted, UUID expiring) {
        List<UUID> all() {
            return List.of(creating, running, replaced, deleted, expiring);
        }
    }
}
