package dev.steward.workflow.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.ContainerEvent;
import dev.steward.contract.HostNotice;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.EventAwait;
import dev.steward.model.EventCause;
import dev.steward.model.FailurePolicy;
import dev.steward.model.HostStatus;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.PartGate;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodKind;
import dev.steward.model.PodResources;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.RestartSettings;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.model.VolumeMount;
import dev.steward.model.VolumeSpec;
import dev.steward.workflow.WorkflowReplayTest;
import dev.steward.workflow.host.CountingSync;
import dev.steward.workflow.host.HostInput;
import dev.steward.workflow.host.HostWorkflow;
import dev.steward.workflow.host.HostWorkflowImpl;
import dev.steward.workflow.host.ScriptedHost;
import dev.steward.workflow.part.DesiredChange;
import dev.steward.workflow.part.PartReport;
import dev.steward.workflow.part.PartSpecChange;
import dev.steward.workflow.part.PartWorkflow;
import dev.steward.workflow.part.PartWorkflowImpl;
import dev.steward.workflow.part.PodAction;
import dev.steward.workflow.session.ArrivedEvent;
import dev.steward.workflow.session.DesiredStatusChange;
import dev.steward.workflow.session.ResumedFrom;
import dev.steward.workflow.session.SessionInput;
import dev.steward.workflow.session.SessionWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The scenarios whose histories {@link WorkflowReplayTest} replays: run once by
 * {@link ReplayHistoryRecorder} to store them, and again by the replay test to replay a fresh one.
 */
public final class LifecycleScenarios {

    public static final UUID SESSION_ID = UUID.fromString("0f6d3c2a-8e51-4c7b-9a3e-2b1d4f5e6a70");
    public static final UUID PART_SESSION_ID = UUID.fromString("5a2e9b14-3c7d-4f08-b1e6-9d0c8a7f6e52");
    public static final UUID RESTARTS_SESSION_ID = UUID.fromString("c3e1f0a9-6b2d-4e57-8f14-7a9d2c0b5e36");

    public static final UUID TIMESLOT_SESSION_ID = UUID.fromString("7c1e4a90-2b3d-4e5f-8a6b-1c2d3e4f5a6b");
    public static final UUID PLACED_SESSION_ID = UUID.fromString("9d4b7e21-5f3a-4c86-a0e9-3b6c1d8f2e47");
    public static final UUID REPORTS_SESSION_ID = UUID.fromString("3b8f2d61-9e4a-4c07-b5d3-6a1e0f9c8b72");
    public static final UUID ENGINE_AWAY_SESSION_ID = UUID.fromString("e4a7c2d9-1b5f-4a38-9c60-8d2e7f1a3b95");
    public static final UUID DATABASE_AWAY_SESSION_ID = UUID.fromString("2c9e5a17-84b3-4f6d-a0c2-e7d1b8f4a693");
    public static final UUID RESUMED_SESSION_ID = UUID.fromString("61f0b8c3-7d2e-4a95-8b14-c5e9a0d3f726");
    public static final UUID PART_CONTINUES_SESSION_ID = UUID.fromString("8e3d1c57-a29b-4f60-9d47-b1c6e2f0a834");
    public static final UUID IMAGE_PULL_SESSION_ID = UUID.fromString("8a3f6d12-c4e7-4b95-a1d8-5e2c9b7f0a34");
    public static final UUID REPLICAS_SESSION_ID = UUID.fromString("b71d4e08-2a9c-4f63-8e15-d0c3a6f9b248");
    public static final UUID LIMITS_SESSION_ID = UUID.fromString("4f2a8c61-d93e-4b07-a5c1-7e0b9d3f2a68");
    /** Runs that continue as new after 300 events, so a recorded one stays small. */
    public static final UUID VOLUMES_SESSION_ID = UUID.fromString("4d2b9e71-6c8a-4f35-b0e2-9a7c1d3f5e68");
    public static final UUID EVENTS_SESSION_ID = UUID.fromString("a81c5e39-4d7b-4f20-9e63-1b8d0c7f5a24");
    public static final UUID FORCED_REMOVAL_SESSION_ID = UUID.fromString("d62f0a85-3e1b-4c79-b8d4-0f5a7c2e9b13");
    public static final LifecycleSettings SHORT_RUNS = new LifecycleSettings(
            LifecycleSettings.DEFAULTS.teardownBudget(), LifecycleSettings.DEFAULTS.killMargin(), 300);
    public static final int REPORTS = 200;

    private LifecycleScenarios() {}

    /**
     * Two parts of two pods: RUNNING, a same-status update, STOPPED, DELETED. Returns the session's
     * history.
     */
    public static WorkflowExecutionHistory sessionLifecycle(WorkflowSandbox sandbox) {
        SessionWorkflow session = sandbox.startSession(SESSION_ID, TestSessions.twoPartsOfTwoPods(),
                LifecycleSettings.DEFAULTS).session();

        Eventually.await("session RUNNING", session::tree, v -> v.status() == SessionStatus.RUNNING);
        assertEquals(new DesiredStatusChange(DesiredStatus.RUNNING, 1, false), session.setDesiredStatus(DesiredStatus.RUNNING));
        assertEquals(new DesiredStatusChange(DesiredStatus.STOPPED, 2, true), session.setDesiredStatus(DesiredStatus.STOPPED));
        Eventually.await("session STOPPED", session::tree, v -> v.status() == SessionStatus.STOPPED);
        assertEquals(new DesiredStatusChange(DesiredStatus.DELETED, 3, true), session.setDesiredStatus(DesiredStatus.DELETED));
        assertEquals(SessionStatus.DELETED, WorkflowStub.fromTyped(session).getResult(SessionStatus.class));
        return sandbox.client().fetchHistory(WorkflowIds.session(SESSION_ID));
    }

    /** Starts part web, pods app and cache, RUNNING at generation 1, on its own (no session above it). */
    private static PartWorkflow startAppAndCache(WorkflowSandbox sandbox, UUID sessionId) {
        return sandbox.startPart(sessionId, TestSessions.part("web", "app", "cache"), ReconcileSettings.DEFAULTS);
    }

    /**
     * A part alone: READY; a container deleted behind its back and recreated on the host's next resync;
     * STOPPED; DELETED. Returns the part's history.
     */
    public static WorkflowExecutionHistory partLifecycle(WorkflowSandbox sandbox) {
        FakeContainerActivities engine = sandbox.engine();
        PartWorkflow part = startAppAndCache(sandbox, PART_SESSION_ID);

        PartView ready = Eventually.await("part READY", part::view, v -> v.status() == PartStatus.READY);
        String appBefore = appOf(ready).containerId();
        engine.deleteBehindTheWorkflowsBack(appBefore);
        part.resync(engine.containersOf(PART_SESSION_ID));
        PartView repaired = Eventually.await("app recreated", part::view,
                v -> appOf(v).status() == PodStatus.READY && !appBefore.equals(appOf(v).containerId()));
        assertNotEquals(appBefore, appOf(repaired).containerId());

        part.setDesiredStatus(new DesiredChange(DesiredStatus.STOPPED, 2));
        Eventually.await("part STOPPED", part::view, v -> v.status() == PartStatus.STOPPED);
        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 3));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        return sandbox.client().fetchHistory(WorkflowIds.part(PART_SESSION_ID, "web"));
    }

    /**
     * A part whose two pods are placed on hosts a and b: b drains (its pod moves to a while it
     * serves), b takes pods again, a is lost (both pods are placed again on b), then DELETED, in a
     * {@link #placedSandbox}. Returns the part's history.
     */
    public static WorkflowExecutionHistory placedPartMoves(WorkflowSandbox sandbox) {
        FakePlacementActivities placement = sandbox.placement();
        PartWorkflow part = startAppAndCache(sandbox, PLACED_SESSION_ID);
        Eventually.await("part READY on both hosts", part::view, v -> v.status() == PartStatus.READY
                && v.pods().stream().map(PodView::host).distinct().count() == 2);

        placement.stopTakingPods("b");
        part.hostChanged(new HostNotice("b", HostStatus.DRAINING, "host draining"));
        Eventually.await("every pod on a", part::view, v -> v.pods().stream().allMatch(p -> "a".equals(p.host())));
        placement.takePods("b");
        part.hostChanged(new HostNotice("b", HostStatus.READY, "host ready again"));
        placement.stopTakingPods("a");
        part.hostChanged(new HostNotice("a", HostStatus.UNREACHABLE, "host lost"));
        Eventually.await("every pod on b", part::view, v -> v.status() == PartStatus.READY
                && v.pods().stream().allMatch(p -> "b".equals(p.host())));

        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 2));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        return sandbox.client().fetchHistory(WorkflowIds.part(PLACED_SESSION_ID, "web"));
    }

    /** A host READY, unreachable past the grace period, back, then deleted. Returns the host workflow's history. */
    public static WorkflowExecutionHistory hostLostAndBack(WorkflowSandbox sandbox, ScriptedHost host) {
        TestWorkflowEnvironment env = sandbox.env();
        HostWorkflow workflow = sandbox.newWorkflowStub(HostWorkflow.class, WorkflowIds.host("a"));
        WorkflowClient.start(workflow::run, new HostInput("a", "steward", Duration.ofSeconds(30), false,
                Duration.ofSeconds(10), Duration.ofSeconds(20), null, null));
        env.sleep(Duration.ofSeconds(15));
        host.reachable = false;
        env.sleep(Duration.ofSeconds(60));
        host.reachable = true;
        env.sleep(Duration.ofSeconds(15));
        host.deleted = true;
        workflow.checkNow();
        WorkflowStub.fromTyped(workflow).getResult(Void.class);
        assertEquals(List.of(HostStatus.UNREACHABLE, HostStatus.READY),
                host.told.stream().map(HostNotice::status).toList());
        return sandbox.client().fetchHistory(WorkflowIds.host("a"));
    }

    /** A started sandbox of parts and hosts, with hosts a and b, for the placed scenarios; {@code host} scripts host a. */
    public static WorkflowSandbox placedSandbox(ScriptedHost host) {
        return new WorkflowSandbox(PartWorkflowImpl.class, HostWorkflowImpl.class).onHosts("a", "b")
                .withActivities(host).withActivitiesOn("a", new CountingSync()).start();
    }

    /**
     * Three parts of two pods (api waits for db to be READY) in a two-hour slot that opens ten
     * minutes from now: PENDING, RUNNING, STOPPED at endAt, DELETED at the cleanup deadline. Returns
     * the session's runs.
     */
    public static List<WorkflowExecutionHistory> twoHourSlot(WorkflowSandbox sandbox, UUID sessionId) {
        Instant t0 = sandbox.now();
        Timeslot slot = new Timeslot(t0.plus(Duration.ofMinutes(10)), t0.plus(Duration.ofMinutes(10)),
                t0.plus(Duration.ofMinutes(130)), t0.plus(Duration.ofMinutes(140)));
        StartedSession s = sandbox.startSession(sessionId, threePartsOfTwoPods(slot), LifecycleSettings.DEFAULTS);

        SessionView pending = s.await("PENDING until provisionAt", v -> "WaitingForProvisionAt".equals(v.reason()));
        assertEquals(SessionStatus.PENDING, pending.status());
        assertEquals(List.of(), sandbox.engine().containersOf(sessionId));
        sandbox.env().sleep(Duration.between(sandbox.now(), slot.provisionAt()).plusSeconds(1));
        SessionView running = s.awaitStatus(SessionStatus.RUNNING);
        assertEquals(6, sandbox.engine().containersOf(sessionId).size());
        assertEquals(1, running.observedGeneration());

        sandbox.env().sleep(Duration.between(sandbox.now(), slot.endAt()).plusSeconds(1));
        SessionView stopped = s.awaitStatus(SessionStatus.STOPPED);
        assertEquals(DesiredStatus.STOPPED, stopped.desiredStatus());
        assertEquals(2, stopped.observedGeneration());
        assertEquals(List.of(), sandbox.engine().containersOf(sessionId));

        assertEquals(SessionStatus.DELETED, s.result());
        List<WorkflowExecutionHistory> runs = s.runs();
        Instant closed = HistoryEvents.closeTime(runs.getLast());
        assertTrue(!closed.isAfter(slot.cleanupDeadline()), "ended by the deadline, at " + closed);
        return runs;
    }

    /**
     * A RUNNING session of two parts receives {@code reports} status reports for its web part, each
     * with a new message, then is stopped and deleted. Returns it once it has completed.
     */
    public static StartedSession manyReports(WorkflowSandbox sandbox, UUID sessionId, int reports, LifecycleSettings lifecycle) {
        StartedSession s = sandbox.startSession(sessionId, TestSessions.twoPartsOfTwoPods(), lifecycle);
        SessionView running = s.awaitStatus(SessionStatus.RUNNING);
        PartView web = running.parts().getFirst();
        for (int i = 0; i < reports; i++) {
            s.report(new PartReport(new PartView(web.name(), PartStatus.READY, web.reason(), "report " + i,
                    web.pods(), null, null), 1, null));
        }
        // The stop and the delete below are updates: they come early in a run (see StartedSession.beginNewRun).
        s.beginNewRun(lifecycle.continueAsNewAfterEvents());
        String lastMessage = "report " + (reports - 1);
        s.await("the last report carried", v -> v.parts().getFirst().message().equals(lastMessage));
        assertEquals(4, sandbox.engine().containersOf(sessionId).size(), "the parts outlived every continue-as-new");

        assertEquals(new DesiredStatusChange(DesiredStatus.STOPPED, 2, true), s.session().setDesiredStatus(DesiredStatus.STOPPED));
        s.awaitStatus(SessionStatus.STOPPED);
        assertEquals(List.of(), sandbox.engine().containersOf(sessionId));
        s.session().setDesiredStatus(DesiredStatus.DELETED);
        assertEquals(SessionStatus.DELETED, s.result());
        return s;
    }

    /**
     * A part that restarts its pod {@code crashes} times (backoff base 0, no crash-loop cap), continuing
     * as new whenever its history reaches the lifecycle's limit; then the session is deleted, which
     * reaches the part's current run. Returns the session; {@link PartRuns} has the part's runs.
     */
    public static StartedSession partRestartingMany(WorkflowSandbox sandbox, UUID sessionId, int crashes,
            LifecycleSettings lifecycle) {
        SessionSpec spec = new SessionSpec("alice", DesiredStatus.RUNNING, List.of(TestSessions.part("web", "app")), null,
                new RestartSettings(0, 0, null, 0, null));
        StartedSession s = sandbox.startSession(sessionId, spec, lifecycle);
        PartWorkflow part = sandbox.client().newWorkflowStub(PartWorkflow.class, WorkflowIds.part(sessionId, "web"));
        String appId = appOf(s.awaitStatus(SessionStatus.RUNNING).parts().getFirst()).containerId();
        for (int crash = 1; crash <= crashes; crash++) {
            sandbox.engine().exit(appId, 1, false);
            part.containerEvent(new ContainerEvent(appId, "app", "die", 1, 0));
            int restarts = crash;
            Eventually.await("app restarted " + restarts + " times", part::view,
                    v -> appOf(v).status() == PodStatus.READY && appOf(v).restarts() == restarts);
        }
        assertEquals(crashes, appOf(s.await("the session saw every restart",
                v -> appOf(v.parts().getFirst()).restarts() == crashes).parts().getFirst()).restarts());
        // The delete is an update: it comes early in a run (see StartedSession.beginNewRun).
        s.beginNewRun(lifecycle.continueAsNewAfterEvents());
        s.session().setDesiredStatus(DesiredStatus.DELETED);
        assertEquals(SessionStatus.DELETED, s.result());
        assertEquals(List.of(), sandbox.engine().containersOf(sessionId));
        return s;
    }

    /**
     * A session of one part of two pods in a slot of ten seconds whose graceful teardown hangs: the kill
     * path, a kill margin of three seconds before the cleanup deadline, cancels the part and removes its
     * containers by force; the session ends EXPIRED. Returns the session's history.
     */
    public static WorkflowExecutionHistory sessionForcedRemoval(WorkflowSandbox sandbox) {
        // The test server does not skip time while an activity is open, so the hang lasts seconds, not minutes.
        LifecycleSettings lifecycle = new LifecycleSettings(Duration.ofSeconds(6), Duration.ofSeconds(3), 2_000);
        Instant t0 = sandbox.now();
        Timeslot slot = new Timeslot(null, null, t0.plus(Duration.ofMinutes(20)),
                t0.plus(Duration.ofMinutes(20)).plusSeconds(10));
        StartedSession s = sandbox.startSession(FORCED_REMOVAL_SESSION_ID,
                TestSessions.session(slot, TestSessions.part("web", "app", "cache")), lifecycle);
        s.awaitStatus(SessionStatus.RUNNING);
        assertEquals(2, sandbox.engine().containersOf(FORCED_REMOVAL_SESSION_ID).size());
        sandbox.engine().hangStops();

        assertEquals(SessionStatus.EXPIRED, s.result());
        assertEquals(List.of(), sandbox.engine().containersOf(FORCED_REMOVAL_SESSION_ID));
        return sandbox.client().fetchHistory(WorkflowIds.session(FORCED_REMOVAL_SESSION_ID));
    }

    public static SessionSpec threePartsOfTwoPods(Timeslot slot) {
        return TestSessions.session(slot,
                TestSessions.part("web", "app", "cache"),
                TestSessions.part("api", List.of("db"), PartGate.READY, FailurePolicy.ABORT, null, "server", "worker"),
                TestSessions.part("db", "primary", "replica"));
    }

    /**
     * Restarts and jobs: a job completes; a worker crashes (the host relays its die event) and is
     * restarted at once, crashes again, backs off, restarts after the timer, is restarted by an
     * operator; then the part is deleted.
     */
    public static WorkflowExecutionHistory partRestarts(WorkflowSandbox sandbox) {
        FakeContainerActivities engine = sandbox.engine();
        PodSpec app = TestSessions.pod("app");
        PodSpec once = new PodSpec("once", TestSessions.IMAGE, List.of("true"), null, null, PodKind.JOB, null, null,
                null, null, null);
        engine.exitAtOnce("once", 0);
        PartWorkflow part = sandbox.startPart(RESTARTS_SESSION_ID, new PartSpec("mixed", List.of(app, once)),
                ReconcileSettings.DEFAULTS);

        PartView ready = Eventually.await("part READY", part::view, v -> v.status() == PartStatus.READY);
        String appId = appOf(ready).containerId();
        engine.exit(appId, 1, false);
        part.containerEvent(new ContainerEvent(appId, "app", "die", 1, 0));
        Eventually.await("app restarted at once", part::view, v -> appOf(v).status() == PodStatus.READY && appOf(v).restarts() == 1);
        engine.exit(appId, 1, false);
        part.containerEvent(new ContainerEvent(appId, "app", "die", 1, 0));
        // Counted as it starts backing off; the test may look only once the backoff has passed.
        Eventually.await("app backing off", part::view, v -> appOf(v).restarts() == 2);
        sandbox.env().sleep(ReconcileSettings.DEFAULTS.backoffBase().plusSeconds(1));
        Eventually.await("app restarted", part::view, v -> appOf(v).status() == PodStatus.READY && appOf(v).restarts() == 2);
        part.podAction(new PodAction("app", PodAction.Kind.RESTART));
        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 2));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        return sandbox.client().fetchHistory(WorkflowIds.part(RESTARTS_SESSION_ID, "mixed"));
    }

    /**
     * A part whose engine goes away: its pod UNKNOWN past the listing's retries, READY again on the same
     * container once the engine answers, then DELETED. Returns the part's history.
     */
    public static WorkflowExecutionHistory partEngineAway(WorkflowSandbox sandbox) {
        FakeContainerActivities engine = sandbox.engine();
        PartWorkflow part = sandbox.startPart(ENGINE_AWAY_SESSION_ID, TestSessions.part("web", "app"),
                ReconcileSettings.DEFAULTS);
        Eventually.await("part READY", part::view, v -> v.status() == PartStatus.READY);
        engine.goAway();
        part.reconcileNow();
        sandbox.env().sleep(Duration.ofMinutes(1));
        Eventually.await("app UNKNOWN", part::view, v -> appOf(v).status() == PodStatus.UNKNOWN);
        engine.comeBack();
        sandbox.env().sleep(ReconcileSettings.DEFAULTS.resyncInterval());
        Eventually.await("app READY again", part::view, v -> appOf(v).status() == PodStatus.READY);
        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 2));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        return sandbox.client().fetchHistory(WorkflowIds.part(ENGINE_AWAY_SESSION_ID, "web"));
    }

    /**
     * A part whose recording goes away: a crash meanwhile is repaired at once, its transitions queued and
     * written in order once recording is back, then DELETED. Returns the part's history.
     */
    public static WorkflowExecutionHistory partDatabaseAway(WorkflowSandbox sandbox) {
        FakeContainerActivities engine = sandbox.engine();
        InMemoryRecording recording = sandbox.recording();
        PartWorkflow part = sandbox.startPart(DATABASE_AWAY_SESSION_ID, TestSessions.part("web", "app"),
                ReconcileSettings.DEFAULTS);
        String first = appOf(Eventually.await("part READY", part::view, v -> v.status() == PartStatus.READY)).containerId();
        recording.goAway();
        engine.exit(first, 1, false);
        part.containerEvent(new ContainerEvent(first, "app", "die", 1, 0));
        sandbox.env().sleep(Duration.ofSeconds(30));
        Eventually.await("app restarted", part::view, v -> appOf(v).status() == PodStatus.READY && appOf(v).restarts() == 1);
        recording.comeBack();
        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 2));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        return sandbox.client().fetchHistory(WorkflowIds.part(DATABASE_AWAY_SESSION_ID, "web"));
    }

    /**
     * A run that resumes a session from the read model: it records that it resumed, starts every part
     * at once, runs, and is deleted. Returns the session's history.
     */
    public static WorkflowExecutionHistory sessionResumed(WorkflowSandbox sandbox) {
        SessionSpec spec = TestSessions.twoPartsOfTwoPods();
        SessionWorkflow session = sandbox.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(RESUMED_SESSION_ID));
        WorkflowClient.start(session::run, new SessionInput(RESUMED_SESSION_ID, spec, 1,
                ReconcileSettings.DEFAULTS.with(spec.restart()), LifecycleSettings.DEFAULTS, null,
                new ResumedFrom(SessionStatus.RUNNING, 1)));
        Eventually.await("session RUNNING", session::tree, v -> v.status() == SessionStatus.RUNNING
                && v.parts().stream().allMatch(p -> p.status() == PartStatus.READY));
        session.setDesiredStatus(DesiredStatus.DELETED);
        assertEquals(SessionStatus.DELETED, WorkflowStub.fromTyped(session).getResult(SessionStatus.class));
        return sandbox.client().fetchHistory(WorkflowIds.session(RESUMED_SESSION_ID));
    }

    /**
     * Parts and CloudEvents: train awaits com.example.dataset.ready and starts once it arrives (twice: the
     * second changes nothing); job completes on com.example.grading.done, after which report, gated on
     * job's completion, starts; then DELETED. Returns the session's history.
     */
    public static WorkflowExecutionHistory sessionWithPartEvents(WorkflowSandbox sandbox) {
        PartSpec job = TestSessions.part("job", "client");
        PartSpec train = TestSessions.part("train", "trainer");
        SessionSpec spec = new SessionSpec("alice", DesiredStatus.RUNNING, List.of(
                new PartSpec(job.name(), job.pods(), null, null, null, null, null,
                        new EventAwait("com.example.grading.done", null), null),
                new PartSpec(train.name(), train.pods(), null, null, null, null,
                        List.of(new EventAwait("com.example.dataset.ready", null)), null, null),
                TestSessions.part("report", List.of("job"), PartGate.COMPLETED, null, null, "reporter")), null);
        SessionWorkflow session = sandbox.startSession(EVENTS_SESSION_ID, spec, LifecycleSettings.DEFAULTS).session();
        Eventually.await("train awaits its event", session::tree, v -> part(v, "job").status() == PartStatus.READY
                && part(v, "train").status() == PartStatus.WAITING);
        ArrivedEvent ready = new ArrivedEvent(new EventCause("e-ready", "https://ci.example.com/data",
                "com.example.dataset.ready"), "{\"dataset\":\"d-1\"}");
        session.eventArrived(ready);
        session.eventArrived(ready);
        Eventually.await("train READY", session::tree, v -> part(v, "train").status() == PartStatus.READY);
        session.eventArrived(new ArrivedEvent(new EventCause("e-done", "https://ci.example.com/grading",
                "com.example.grading.done"), null));
        Eventually.await("job COMPLETED, report READY", session::tree,
                v -> part(v, "job").status() == PartStatus.COMPLETED && part(v, "report").status() == PartStatus.READY
                        && v.status() == SessionStatus.RUNNING);
        session.setDesiredStatus(DesiredStatus.DELETED);
        assertEquals(SessionStatus.DELETED, WorkflowStub.fromTyped(session).getResult(SessionStatus.class));
        return sandbox.client().fetchHistory(WorkflowIds.session(EVENTS_SESSION_ID));
    }

    /**
     * A session with volumes data and kept (retainOnDelete) whose parts web and db mount data, placed
     * on hosts a and b of a {@link #volumesSandbox}: RUNNING, then DELETED, its teardown removing data
     * from both hosts before it ends. Returns the session's history.
     */
    public static WorkflowExecutionHistory sessionVolumes(WorkflowSandbox sandbox) {
        SessionWorkflow session = sandbox.startSession(VOLUMES_SESSION_ID, withVolumes(), LifecycleSettings.DEFAULTS)
                .session();
        SessionView running = Eventually.await("session RUNNING on both hosts", session::tree,
                v -> v.status() == SessionStatus.RUNNING && v.parts().stream().flatMap(p -> p.pods().stream())
                        .map(PodView::host).distinct().count() == 2);
        // Spread puts the pods apart, in whichever order they are placed.
        String withKept = part(running, "web").pods().getFirst().host();
        String withDataOnly = withKept.equals("a") ? "b" : "a";
        String data = VOLUMES_SESSION_ID + "/data";
        String kept = VOLUMES_SESSION_ID + "/kept";
        assertEquals(Set.of(data, kept), sandbox.engine(withKept).volumes());
        assertEquals(Set.of(data), sandbox.engine(withDataOnly).volumes());
        session.setDesiredStatus(DesiredStatus.DELETED);
        assertEquals(SessionStatus.DELETED, WorkflowStub.fromTyped(session).getResult(SessionStatus.class));
        assertEquals(Set.of(kept), sandbox.engine(withKept).volumes(), "retainOnDelete: kept stays");
        assertEquals(Set.of(), sandbox.engine(withDataOnly).volumes());
        return sandbox.client().fetchHistory(WorkflowIds.session(VOLUMES_SESSION_ID));
    }

    /** A started sandbox of sessions on hosts a and b, for {@link #sessionVolumes}. */
    public static WorkflowSandbox volumesSandbox() {
        return WorkflowSandbox.forSessions().onHosts("a", "b").start();
    }

    /** Volumes data and kept (retainOnDelete); web/app mounts both, db/primary mounts data. */
    public static SessionSpec withVolumes() {
        PodSpec app = mounting("app", new VolumeMount("data", "/data", null), new VolumeMount("kept", "/kept", true));
        PodSpec primary = mounting("primary", new VolumeMount("data", "/data", null));
        return new SessionSpec("alice", DesiredStatus.RUNNING, List.of(
                new PartSpec("web", List.of(app), null, null, null, null),
                new PartSpec("db", List.of(primary), null, null, null, null)), null, null, null,
                List.of(new VolumeSpec("data", null, null), new VolumeSpec("kept", null, true)));
    }

    private static PodSpec mounting(String name, VolumeMount... mounts) {
        PodSpec p = TestSessions.pod(name);
        return new PodSpec(p.name(), p.image(), p.command(), p.env(), p.ports(), p.kind(), p.restartPolicy(),
                p.readiness(), p.activeDeadlineSeconds(), p.hostSelector(), p.resources(), p.imagePullPolicy(),
                p.replicas(), p.hostNetwork(), List.of(mounts), null);
    }

    private static PartView part(SessionView view, String name) {
        return view.parts().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    /**
     * A part whose image its engine lacks: the pull finds the registry unreachable and backs off, pulls
     * once it is back, the pod runs; then DELETED. Returns the part's history.
     */
    public static WorkflowExecutionHistory partImagePull(WorkflowSandbox sandbox) {
        FakeContainerActivities engine = sandbox.engine();
        engine.lackImage(TestSessions.IMAGE);
        engine.registryUnreachable(true);
        PartWorkflow part = sandbox.startPart(IMAGE_PULL_SESSION_ID, TestSessions.part("web", "app"),
                ReconcileSettings.DEFAULTS);
        Eventually.await("app in ImagePullBackOff", part::view, v -> "ImagePullBackOff".equals(appOf(v).reason()));
        engine.registryUnreachable(false);
        sandbox.env().sleep(Duration.ofSeconds(30));
        Eventually.await("part READY", part::view, v -> v.status() == PartStatus.READY);
        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 2));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        return sandbox.client().fetchHistory(WorkflowIds.part(IMAGE_PULL_SESSION_ID, "web"));
    }

    /**
     * A part of one pod with replicas, scaled 3, 5, 2 by spec changes, each READY; then DELETED.
     * Returns the part's history.
     */
    public static WorkflowExecutionHistory partReplicas(WorkflowSandbox sandbox) {
        PartWorkflow part = sandbox.startPart(REPLICAS_SESSION_ID, replicas("web", "app", 3), ReconcileSettings.DEFAULTS);
        Eventually.await("3 replicas READY", part::view, v -> readyPods(v) == 3);
        part.setSpec(new PartSpecChange(replicas("web", "app", 5), 2));
        Eventually.await("5 replicas READY", part::view, v -> readyPods(v) == 5);
        part.setSpec(new PartSpecChange(replicas("web", "app", 2), 3));
        Eventually.await("2 replicas READY", part::view, v -> v.pods().size() == 2 && readyPods(v) == 2);
        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 4));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        return sandbox.client().fetchHistory(WorkflowIds.part(REPLICAS_SESSION_ID, "web"));
    }

    /**
     * A pod with limits READY; its limits raised by a spec change and applied in place; its container
     * crashes, is restarted at once and gets the new limits again; then DELETED. Returns the part's history.
     */
    public static WorkflowExecutionHistory partLimitsInPlace(WorkflowSandbox sandbox) {
        PartWorkflow part = sandbox.startPart(LIMITS_SESSION_ID, limited("web", "app", 0.5, 64), ReconcileSettings.DEFAULTS);
        String id = Eventually.await("app READY", part::view, v -> appOf(v).status() == PodStatus.READY)
                .pods().getFirst().containerId();
        part.setSpec(new PartSpecChange(limited("web", "app", 1.0, 128), 2));
        Eventually.await("limits applied in place", part::view, v -> "LimitsUpdated".equals(appOf(v).reason()));
        sandbox.engine().exit(id, 1, false);
        part.containerEvent(new ContainerEvent(id, "app", "die", 1, 0));
        Eventually.await("app READY after a restart", part::view,
                v -> appOf(v).status() == PodStatus.READY && appOf(v).restarts() == 1);
        part.setDesiredStatus(new DesiredChange(DesiredStatus.DELETED, 3));
        assertEquals(PartStatus.DELETED, WorkflowStub.fromTyped(part).getResult(PartStatus.class));
        return sandbox.client().fetchHistory(WorkflowIds.part(LIMITS_SESSION_ID, "web"));
    }

    /** A part of one pod limited to {@code cpus} and {@code memoryMb}. */
    public static PartSpec limited(String part, String pod, double cpus, long memoryMb) {
        PodSpec one = TestSessions.pod(pod);
        return new PartSpec(part, List.of(new PodSpec(one.name(), one.image(), one.command(), one.env(), one.ports(),
                null, null, null, null, null, new PodResources(cpus, memoryMb))));
    }

    /** A part of one pod of {@code replicas} replicas. */
    public static PartSpec replicas(String part, String pod, int replicas) {
        PodSpec one = TestSessions.pod(pod);
        return new PartSpec(part, List.of(new PodSpec(one.name(), one.image(), one.command(), one.env(), one.ports(),
                null, null, null, null, null, null, null, replicas, null, null, null)));
    }

    private static long readyPods(PartView part) {
        return part.pods().stream().filter(p -> p.status() == PodStatus.READY).count();
    }

    private static PodView appOf(PartView part) {
        return part.pods().stream().filter(p -> p.name().equals("app")).findFirst().orElseThrow();
    }
}
