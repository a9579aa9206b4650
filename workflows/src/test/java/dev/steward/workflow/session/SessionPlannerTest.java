package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.steward.model.DesiredStatus;
import dev.steward.model.EventAwait;
import dev.steward.model.EventCause;
import dev.steward.model.FailurePolicy;
import dev.steward.model.PartGate;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.Reason;
import dev.steward.model.SessionStatus;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PartFailure;
import dev.steward.workflow.part.PartReport;
import dev.steward.workflow.support.TestSessions;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The session's decisions, called directly: no workflow, no Temporal. */
class SessionPlannerTest {

    private static final PartSpec DB = TestSessions.part("db", "primary");
    private static final PartSpec WEB =
            TestSessions.part("web", List.of("db"), PartGate.READY, FailurePolicy.CONTINUE, null, "app");
    private static final StatusRecord CREATED =
            new StatusRecord(SessionStatus.PENDING, Reason.CREATED.code(), "the session has not been reconciled yet", 0);

    private final SessionPlanner planner = new SessionPlanner();

    @Test
    void aPartWhoseWorkflowClosedStartsAgainAtOnceThenAfterABackoffUntilItStaysUp() {
        long t0 = 1_000_000;
        assertEquals(t0, planner.partRestartAt(null, t0), "the first time at once");
        PartRestarts first = planner.partRestarted(null, t0);
        assertEquals(new PartRestarts(1, t0), first);

        long t1 = t0 + 5_000;
        assertEquals(t1 + 10_000, planner.partRestartAt(first, t1), "again soon after: 10 s");
        PartRestarts second = planner.partRestarted(first, t1 + 10_000);
        assertEquals(2, second.inARow());
        assertEquals(t1 + 10_000 + 1_000 + 20_000, planner.partRestartAt(second, t1 + 10_000 + 1_000), "then 20 s");

        PartRestarts many = new PartRestarts(30, t0);
        assertEquals(t0 + 1 + SessionPlanner.PART_RESTART_CAP.toMillis(), planner.partRestartAt(many, t0 + 1),
                "at most the cap");

        long stable = t0 + SessionPlanner.PART_RESTART_STABLE.toMillis();
        assertEquals(stable, planner.partRestartAt(many, stable), "after a stable window at once again");
        assertEquals(new PartRestarts(1, stable), planner.partRestarted(many, stable));
    }

    @Test
    void aFailedPartThatAbortsTearsTheSessionDownAndSaysWhy() {
        PartReport failed = report("db", PartStatus.FAILED, 1, new PartFailure("primary", "ExitedOnStart", "exit 1", 3));

        SessionPlan plan = plan(observed(DesiredStatus.RUNNING, Map.of("db", failed, "web", pending("web"))));

        assertEquals(new Ending(SessionStatus.FAILED, Reason.PART_FAILED.code(), "part db failed: pod primary"
                + " ExitedOnStart (exit 1) after 3 attempt(s); onFailure abort: the session is torn down"), plan.abort());
    }

    @Test
    void aFailedPartThatContinuesOnlyDegradesTheSession() {
        SessionPlan plan = plan(observed(DesiredStatus.RUNNING,
                Map.of("db", report("db", PartStatus.READY, 1, null), "web", report("web", PartStatus.FAILED, 1, null))));

        assertNull(plan.abort());
        assertEquals(new StatusRecord(SessionStatus.DEGRADED, Reason.PART_FAILED.code(),
                "failed parts (onFailure continue): web", 1), plan.status());
    }

    @Test
    void aSessionAlreadyEndingOrDeletedIsNotAbortedAgain() {
        Map<String, PartReport> failed = Map.of("db", report("db", PartStatus.FAILED, 1, null), "web", pending("web"));
        Ending ending = new Ending(SessionStatus.DELETED, Reason.CLEANUP_DEADLINE.code(), "the deadline comes");

        assertNull(plan(observed(DesiredStatus.RUNNING, failed).withEnding(ending)).abort());
        assertNull(plan(observed(DesiredStatus.DELETED, failed)).abort());
    }

    @ParameterizedTest
    @CsvSource({"RUNNING, START_ALL", "STOPPED, START_ALL", "DELETED, START_ALL"})
    void aResumedRunStartsEveryPartAtOnce(DesiredStatus desired, UnstartedParts expected) {
        SessionObservation o = observed(desired, Map.of("db", pending("db"), "web", pending("web"))).build();
        SessionObservation resumed = new SessionObservation(o.parts(), desired, 1, o.timeslot(), true,
                o.reports(), null, null, null, o.recorded(), true);

        assertEquals(expected, planner.plan(resumed).unstarted());
    }

    @ParameterizedTest
    @CsvSource({
            "RUNNING, true, START_OPEN_GATES",
            "RUNNING, false, WAIT_FOR_PROVISION",
            "STOPPED, true, SHOW_NEVER_STARTED",
            "DELETED, false, SHOW_NEVER_STARTED"})
    void partsNotStartedYet(DesiredStatus desired, boolean provisioned, UnstartedParts expected) {
        Observed o = observed(desired, Map.of("db", pending("db"), "web", pending("web"))).provisioned(provisioned);

        assertEquals(expected, plan(o).unstarted());
    }

    @ParameterizedTest
    @CsvSource({"STOPPED, STOPPED", "DELETED, DELETED"})
    void aSessionStoppedOrDeletedBeforeItsProvisionAtEndsWithoutWaitingForIt(DesiredStatus desired,
            SessionStatus expected) {
        PartReport db = report("db", desired == DesiredStatus.STOPPED ? PartStatus.STOPPED : PartStatus.DELETED, 1, null);
        PartReport web = report("web", db.part().status(), 1, null);

        StatusRecord status = plan(observed(desired, Map.of("db", db, "web", web)).provisioned(false)).status();

        assertEquals(expected, status.status(), status.toString());
    }

    @Test
    void aShutGateNamesThePartsItWaitsForAsTheyAreNow() {
        Map<String, PartReport> reports = new LinkedHashMap<>();
        reports.put("db", report("db", PartStatus.PROVISIONING, 1, null));
        reports.put("web", pending("web"));

        assertEquals(Optional.of(new UnstartedPartState(PartStatus.WAITING, Reason.WAITING_FOR_PARTS.code(),
                "waits for db (PROVISIONING) to be READY")), planner.gateShut(WEB, reports, List.of()));

        reports.put("db", report("db", PartStatus.READY, 1, null));
        assertEquals(Optional.empty(), planner.gateShut(WEB, reports, List.of()));
    }

    @Test
    void aPartAwaitingAnEventWaitsForItsGateFirstThenForTheEvent() {
        PartSpec train = new PartSpec("train", WEB.pods(), List.of("db"), null, null, null,
                List.of(new EventAwait("com.example.dataset.ready", null)), null, null);
        ArrivedEvent ready = new ArrivedEvent(new EventCause("e-1", "https://ci.example.com/", "com.example.dataset.ready"),
                null);
        Map<String, PartReport> reports = new LinkedHashMap<>();
        reports.put("db", report("db", PartStatus.PROVISIONING, 1, null));

        assertEquals(Reason.WAITING_FOR_PARTS.code(), planner.gateShut(train, reports, List.of(ready)).orElseThrow().reason());

        reports.put("db", report("db", PartStatus.READY, 1, null));
        assertEquals(Optional.of(new UnstartedPartState(PartStatus.WAITING, Reason.AWAITING_EVENT.code(),
                "awaits an event of type com.example.dataset.ready")), planner.gateShut(train, reports, List.of()));
        assertEquals(Optional.empty(), planner.gateShut(train, reports, List.of(ready)));
    }

    @Test
    void aPartNeverStartedShowsStoppedOrDeletedAsTheSessionWent() {
        assertEquals(new UnstartedPartState(PartStatus.STOPPED, Reason.NEVER_STARTED.code(), "the part was never started"),
                planner.neverStarted(DesiredStatus.STOPPED));
        assertEquals(PartStatus.DELETED, planner.neverStarted(DesiredStatus.DELETED).status());
    }

    @Test
    void everyPartReadyAtTheGenerationIsRunningAndConverged() {
        Map<String, PartReport> ready = Map.of("db", report("db", PartStatus.READY, 1, null),
                "web", report("web", PartStatus.READY, 1, null));

        assertEquals(new StatusRecord(SessionStatus.RUNNING, Reason.ALL_PARTS_READY.code(), "all 2 parts are ready", 1),
                plan(observed(DesiredStatus.RUNNING, ready)).status());
    }

    @Test
    void aPartBehindTheGenerationKeepsTheObservedGeneration() {
        Map<String, PartReport> ready = Map.of("db", report("db", PartStatus.READY, 1, null),
                "web", report("web", PartStatus.READY, 0, null));

        assertEquals(0, plan(observed(DesiredStatus.RUNNING, ready)).status().observedGeneration());
    }

    @Test
    void nothingIsRecordedWhileTheRecordedStatusHolds() {
        Map<String, PartReport> reports = Map.of("db", pending("db"), "web", pending("web"));
        StatusRecord recorded = plan(observed(DesiredStatus.RUNNING, reports)).status();

        assertNull(plan(observed(DesiredStatus.RUNNING, reports).recorded(recorded)).status());
    }

    @Test
    void aChangeOfReasonAloneIsRecorded() {
        Map<String, PartReport> reports = Map.of("db", pending("db"), "web", pending("web"));
        StatusRecord sameStatusOtherReason = new StatusRecord(SessionStatus.PROVISIONING, "Earlier", "earlier", 0);

        assertEquals("PartsNotReady", plan(observed(DesiredStatus.RUNNING, reports)
                .recorded(sameStatusOtherReason)).status().reason());
    }

    @Test
    void anEndingSessionShowsStoppingUntilEveryPartIsGoneThenItsEnding() {
        Ending ending = new Ending(SessionStatus.FAILED, Reason.PART_FAILED.code(), "part db failed");
        Map<String, PartReport> stopping = Map.of("db", report("db", PartStatus.STOPPING, 1, null),
                "web", report("web", PartStatus.DELETED, 1, null));
        Map<String, PartReport> gone = Map.of("db", report("db", PartStatus.DELETED, 1, null),
                "web", report("web", PartStatus.DELETED, 1, null));

        StatusRecord tearingDown = plan(observed(DesiredStatus.DELETED, stopping).withEnding(ending)).status();
        StatusRecord ended = plan(observed(DesiredStatus.DELETED, gone).withEnding(ending)).status();

        assertEquals(SessionStatus.STOPPING, tearingDown.status());
        assertEquals(Reason.PART_FAILED.code(), tearingDown.reason());
        assertEquals("tearing down: part db failed (deleting parts: db (STOPPING))", tearingDown.message());
        assertEquals(new StatusRecord(SessionStatus.FAILED, Reason.PART_FAILED.code(), "part db failed", 1), ended);
    }

    @Test
    void theSessionsOwnCauseShowsUntilItConverges() {
        Map<String, PartReport> stopping = Map.of("db", report("db", PartStatus.STOPPING, 1, null),
                "web", report("web", PartStatus.STOPPED, 1, null));
        Observed o = observed(DesiredStatus.STOPPED, stopping).cause(Reason.TIMESLOT_ENDED.code(), "endAt has come");

        StatusRecord status = plan(o).status();

        assertEquals(SessionStatus.STOPPING, status.status());
        assertEquals(Reason.TIMESLOT_ENDED.code(), status.reason());
        assertEquals("endAt has come: stopping parts: db (STOPPING)", status.message());
    }

    @Test
    void beforeItsProvisionAtTheSessionIsPending() {
        Instant provisionAt = Instant.parse("2030-01-01T10:00:00Z");
        Observed o = observed(DesiredStatus.RUNNING, Map.of("db", pending("db"), "web", pending("web")))
                .provisioned(false).timeslot(new Timeslot(provisionAt, null, null, null));

        assertEquals(new StatusRecord(SessionStatus.PENDING, Reason.WAITING_FOR_PROVISION_AT.code(),
                "provisioning starts at " + provisionAt, 0), plan(o).status());
    }

    // ---- helpers

    private SessionPlan plan(Observed observed) {
        return planner.plan(observed.build());
    }

    private static PartReport report(String part, PartStatus status, long observedGeneration, PartFailure failure) {
        return new PartReport(new PartView(part, status, "Reason", "message", List.of(), null, null), observedGeneration, failure);
    }

    private static PartReport pending(String part) {
        return report(part, PartStatus.PENDING, 0, null);
    }

    /** A session of db, then web after db: provisioned, at generation 1, nothing recorded since it was created. */
    private static Observed observed(DesiredStatus desired, Map<String, PartReport> reports) {
        Map<String, PartReport> inSpecOrder = new LinkedHashMap<>();
        inSpecOrder.put("db", reports.get("db"));
        inSpecOrder.put("web", reports.get("web"));
        return new Observed(desired, Timeslot.NONE, true, inSpecOrder, null, null, null, CREATED);
    }

    /** What a test changes of an observation, before it builds one. */
    private record Observed(DesiredStatus desired, Timeslot timeslot, boolean provisioned,
            Map<String, PartReport> reports, Ending ending, String cause, String causeMessage, StatusRecord recorded) {

        Observed provisioned(boolean p) {
            return new Observed(desired, timeslot, p, reports, ending, cause, causeMessage, recorded);
        }

        Observed timeslot(Timeslot t) {
            return new Observed(desired, t, provisioned, reports, ending, cause, causeMessage, recorded);
        }

        Observed withEnding(Ending e) {
            return new Observed(desired, timeslot, provisioned, reports, e, cause, causeMessage, recorded);
        }

        Observed cause(String c, String message) {
            return new Observed(desired, timeslot, provisioned, reports, ending, c, message, recorded);
        }

        Observed recorded(StatusRecord r) {
            return new Observed(desired, timeslot, provisioned, reports, ending, cause, causeMessage, r);
        }

        SessionObservation build() {
            return new SessionObservation(List.of(DB, WEB), desired, 1, timeslot, provisioned, reports, ending,
                    cause, causeMessage, recorded, false);
        }
    }
}
