package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.ContainerState;
import dev.steward.contract.StewardLabels;
import dev.steward.contract.TransitionRecord;
import dev.steward.model.Condition;
import dev.steward.model.FailurePolicy;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.PartGate;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.RestartSettings;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PartReport;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.StartedSession;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.client.WorkflowUpdateException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Parts start in order and by gate; a failed part is escalated by its policy. */
class SessionGatesAndPoliciesTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    @Test
    void aGatedPartWaitsUntilThePartsItNamesAreReady() {
        // db's pods are not placed yet, so db cannot become READY, nor report at all: its first pass lists nothing.
        sandbox.placement().holdPlacements();
        StartedSession s = sandbox.startSession(TestSessions.session(Timeslot.NONE,
                TestSessions.part("web", List.of("api"), PartGate.READY, null, null, "app"),
                TestSessions.part("api", List.of("db"), PartGate.READY, null, null, "server"),
                TestSessions.part("db", "primary", "replica")), LifecycleSettings.DEFAULTS);

        // The session rolls its status up after it has shown the parts WAITING: wait for both.
        SessionView waiting = s.await("web and api WAITING", v -> part(v, "api").status() == PartStatus.WAITING
                && part(v, "web").status() == PartStatus.WAITING && v.status() == SessionStatus.PROVISIONING);
        assertEquals("WaitingForParts", part(waiting, "api").reason());
        assertTrue(part(waiting, "api").message().equals("waits for db (PENDING) to be READY"), part(waiting, "api").message());
        assertTrue(part(waiting, "web").message().contains("api (WAITING)"), part(waiting, "web").message());
        sandbox.placement().releasePlacements();

        s.awaitStatus(SessionStatus.RUNNING);
        // Containers were created db first, then api, then web.
        assertEquals(List.of("db", "db", "api", "web"),
                sandbox.engine().containersOf(s.id()).stream().map(c -> c.label(StewardLabels.PART)).toList());
        assertEquals("WAITING", sandbox.recording().partTransitions(s.id(), "web").getFirst().to());
    }

    @Test
    void aCompletedGateWaitsForCompletionNotReadiness() {
        StartedSession s = sandbox.startSession(TestSessions.session(Timeslot.NONE,
                TestSessions.part("seed", "loader"),
                TestSessions.part("app", List.of("seed"), PartGate.COMPLETED, null, null, "server")),
                LifecycleSettings.DEFAULTS);

        SessionView waiting = s.await("seed READY, app still WAITING", v -> part(v, "seed").status() == PartStatus.READY
                && part(v, "app").status() == PartStatus.WAITING);
        assertTrue(part(waiting, "app").message().contains("seed (READY) to be COMPLETED"), part(waiting, "app").message());
        assertTrue(sandbox.engine().containerOf(s.id(), "app", "server").isEmpty());

        PartView seed = part(waiting, "seed");
        s.session().partChanged(new PartReport(new PartView("seed", PartStatus.COMPLETED, "AllPodsCompleted",
                "every pod ran to completion", seed.pods(), null, null), 1, null));

        s.await("app started", v -> part(v, "app").status() == PartStatus.READY);
        assertTrue(sandbox.engine().containerOf(s.id(), "app", "server").isPresent());
    }

    @Test
    void anAbortingPartTearsTheSessionDownAndNamesThePartAndPod() {
        sandbox.engine().exitAtOnce("primary", 3);
        StartedSession s = sandbox.startSession(failingFast(TestSessions.session(Timeslot.NONE,
                TestSessions.part("web", "app"),
                TestSessions.part("db", List.of(), null, FailurePolicy.ABORT, null, "primary", "replica"))),
                LifecycleSettings.DEFAULTS);

        assertEquals(SessionStatus.FAILED, s.result());

        assertEquals(List.of(), sandbox.engine().containersOf(s.id()));
        TransitionRecord last = sandbox.recording().sessionTransitions(s.id()).getLast();
        assertEquals("FAILED", last.to());
        assertEquals("PartFailed", last.reason());
        assertTrue(last.message().contains("part db failed: pod primary CrashLoopBackOff"), last.message());
        assertTrue(last.message().contains("after " + (FAIL_FAST.maxRestarts() + 1) + " attempt(s)"), last.message());
        assertTrue(last.message().contains("onFailure abort"), last.message());
        assertEquals("DELETED", sandbox.recording().partTransitions(s.id(), "web").getLast().to());
    }

    @Test
    void aContinuingPartDegradesTheSessionAndCanBeRetried() {
        sandbox.engine().exitAtOnce("primary", 3);
        StartedSession s = sandbox.startSession(failingFast(TestSessions.session(Timeslot.NONE,
                TestSessions.part("web", "app"),
                TestSessions.part("db", List.of(), null, FailurePolicy.CONTINUE, null, "primary"))),
                LifecycleSettings.DEFAULTS);

        SessionView degraded = s.await("DEGRADED and converged",
                v -> v.status() == SessionStatus.DEGRADED && v.observedGeneration() == 1);
        assertEquals(PartStatus.READY, part(degraded, "web").status());
        assertTrue(sandbox.engine().containerOf(s.id(), "web", "app").map(ContainerState::running).orElse(false));
        assertEquals("True", condition(degraded, Condition.DEGRADED).status());
        assertEquals("False", condition(degraded, Condition.READY).status());
        assertThrows(WorkflowUpdateException.class, () -> s.session().retryPart("web"), "web has not failed");
        assertThrows(WorkflowUpdateException.class, () -> s.session().retryPart("nope"));

        sandbox.engine().stopExiting("primary");
        assertEquals(new OperatorActionResult("retry-part", "db", 2), s.session().retryPart("db"));

        SessionView running = s.await("RUNNING at generation 2",
                v -> v.status() == SessionStatus.RUNNING && v.observedGeneration() == 2);
        assertEquals("True", condition(running, Condition.READY).status());
        assertEquals("False", condition(running, Condition.DEGRADED).status());
        // Recorded by an activity right after the workflow changed them.
        Eventually.await("the conditions recorded", sandbox.recording()::conditions,
                recorded -> !recorded.isEmpty() && recorded.getLast().equals(running.conditions()));
    }

    @Test
    void aPartWithinItsMaxUnhealthyStaysReady() {
        sandbox.engine().exitAtOnce("b", 3);
        StartedSession s = sandbox.startSession(failingFast(TestSessions.session(Timeslot.NONE,
                TestSessions.part("pool", List.of(), null, FailurePolicy.ABORT, "50%", "a", "b"))),
                LifecycleSettings.DEFAULTS);

        SessionView running = s.awaitStatus(SessionStatus.RUNNING);

        assertEquals("WithinMaxUnhealthy", part(running, "pool").reason());
    }

    @Test
    void reconcilingNowMakesEveryPartReadTheEngineAtOnce() {
        StartedSession s = sandbox.startSession(TestSessions.session(Timeslot.NONE, TestSessions.part("web", "app")),
                LifecycleSettings.DEFAULTS);
        SessionView running = s.awaitStatus(SessionStatus.RUNNING);
        String before = part(running, "web").pods().getFirst().containerId();
        sandbox.engine().deleteBehindTheWorkflowsBack(before);

        assertEquals("reconcile", s.session().reconcileNow().action());

        // No time passes: only the forced pass can have noticed and recreated it.
        s.await("recreated", v -> {
            String now = part(v, "web").pods().getFirst().containerId();
            return now != null && !now.equals(before);
        });
    }

    /** Crashing pods restart at once and give up after one restart, so no backoff timer holds a test up. */
    private static final RestartSettings FAIL_FAST = new RestartSettings(0, 0, null, 1, null);

    private static SessionSpec failingFast(SessionSpec spec) {
        return new SessionSpec(spec.owner(), spec.desiredStatus(), spec.parts(), spec.timeslot(), FAIL_FAST);
    }

    private static PartView part(SessionView session, String name) {
        return session.parts().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    private static Condition condition(SessionView session, String type) {
        return session.conditions().stream().filter(c -> c.type().equals(type)).findFirst().orElseThrow();
    }
}
