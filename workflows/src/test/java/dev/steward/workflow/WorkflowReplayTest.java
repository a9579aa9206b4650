package dev.steward.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.steward.workflow.host.HostWorkflowImpl;
import dev.steward.workflow.host.ScriptedHost;
import dev.steward.workflow.part.PartWorkflowImpl;
import dev.steward.workflow.session.SessionWorkflowImpl;
import dev.steward.workflow.support.HistoryEvents;
import dev.steward.workflow.support.LifecycleScenarios;
import dev.steward.workflow.support.PartRuns;
import dev.steward.workflow.support.ReplayHistoryRecorder;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.workflow.Workflow;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays stored histories against today's workflow code, so a change that would break running
 * workflows fails the build. The stored histories are made by {@link ReplayHistoryRecorder}.
 */
public class WorkflowReplayTest {

    /** Each stored history, what it must show to be the scenario it stands for, and the workflow it replays against. */
    static Stream<Arguments> storedHistories() {
        return Stream.of(
                stored(ReplayHistoryRecorder.SESSION_HISTORY, WorkflowReplayTest::assertIsACompletedSessionLifecycle,
                        SessionWorkflowImpl.class),
                stored(ReplayHistoryRecorder.PART_HISTORY, WorkflowReplayTest::assertIsACompletedPartLifecycle,
                        PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.TIMESLOT_HISTORY, WorkflowReplayTest::assertIsACompletedTimeslot,
                        SessionWorkflowImpl.class),
                stored(ReplayHistoryRecorder.BEFORE_CONTINUE_AS_NEW_HISTORY,
                        WorkflowReplayTest::assertContinuedAsNewAfterStartingItsParts, SessionWorkflowImpl.class),
                stored(ReplayHistoryRecorder.RESTARTS_HISTORY, WorkflowReplayTest::assertIsACompletedRestartsScenario,
                        PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.PLACED_PART_HISTORY, WorkflowReplayTest::assertIsACompletedPlacedPart,
                        PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.HOST_HISTORY, WorkflowReplayTest::assertIsAHostLostAndBack,
                        HostWorkflowImpl.class),
                stored(ReplayHistoryRecorder.ENGINE_AWAY_HISTORY, WorkflowReplayTest::assertIsAnEngineAwayAndBack,
                        PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.IMAGE_PULL_HISTORY, WorkflowReplayTest::assertIsAnImagePullBackingOff,
                        PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.RESUMED_HISTORY, WorkflowReplayTest::assertIsAResumedSession,
                        SessionWorkflowImpl.class),
                stored(ReplayHistoryRecorder.PART_EVENTS_HISTORY, WorkflowReplayTest::assertIsASessionWithPartEvents,
                        SessionWorkflowImpl.class),
                stored(ReplayHistoryRecorder.PART_CONTINUED_HISTORY, WorkflowReplayTest::assertIsAPartRunCarriedOver,
                        PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.REPLICAS_HISTORY, WorkflowReplayTest::assertIsAScaledPart,
                        PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.LIMITS_HISTORY, WorkflowReplayTest::assertIsALimitsChangeInPlace,
                        PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.VOLUMES_HISTORY, WorkflowReplayTest::assertIsASessionRemovingItsVolumes,
                        SessionWorkflowImpl.class),
                stored(ReplayHistoryRecorder.WRITTEN_BEHIND_HISTORY, WorkflowReplayTest::assertIsWrittenBehind,
                        PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.FORCED_REMOVAL_HISTORY, WorkflowReplayTest::assertIsAForcedRemoval,
                        SessionWorkflowImpl.class),
                stored(ReplayHistoryRecorder.LOCAL_FIRST_WRITES_HISTORY,
                        WorkflowReplayTest::assertIsASessionLifecycleWritingFirstLocally, SessionWorkflowImpl.class),
                stored(ReplayHistoryRecorder.FEWER_ROUND_TRIPS_HISTORY,
                        WorkflowReplayTest::assertIsAPartLifecycleInFewerRoundTrips, PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.PART_LOCAL_FIRST_WRITES_HISTORY,
                        WorkflowReplayTest::assertIsAPartLifecycleWritingFirstLocally, PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.PARTS_TOGETHER_HISTORY,
                        WorkflowReplayTest::assertIsASessionLifecycleStartingItsPartsTogether,
                        SessionWorkflowImpl.class),
                stored(ReplayHistoryRecorder.ENGINE_CALLS_FIRST_HISTORY,
                        WorkflowReplayTest::assertIsAPartLifecycleSendingEngineCallsFirst, PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.PASS_IN_ONE_WRITE_HISTORY,
                        WorkflowReplayTest::assertIsAPartLifecycleWritingEachPassOnce, PartWorkflowImpl.class),
                stored(ReplayHistoryRecorder.CONDITIONS_WITH_STATUS_HISTORY,
                        WorkflowReplayTest::assertIsASessionLifecycleWritingConditionsWithStatus,
                        SessionWorkflowImpl.class));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("storedHistories")
    void theStoredHistoryReplays(String resource, Consumer<WorkflowExecutionHistory> scenario, Class<?> workflow)
            throws Exception {
        WorkflowExecutionHistory history = load(resource);
        scenario.accept(history);

        WorkflowReplayer.replayWorkflowExecution(history, workflow);
    }

    @Test
    public void freshRunsOfTheTimeslotAndContinueAsNewReplay() throws Exception {
        List<WorkflowExecutionHistory> runs = new ArrayList<>();
        try (WorkflowSandbox sandbox = WorkflowSandbox.forSessions().start()) {
            runs.addAll(LifecycleScenarios.twoHourSlot(sandbox, UUID.randomUUID()));
            // Each report is at least one event however the worker batches them, so this many always
            // pass the threshold and the run continues as new.
            int reports = 2 * LifecycleScenarios.SHORT_RUNS.continueAsNewAfterEvents();
            runs.addAll(LifecycleScenarios.manyReports(sandbox, UUID.randomUUID(), reports,
                    LifecycleScenarios.SHORT_RUNS).runs());
        }
        assertTrue(runs.size() >= 3, "the reports scenario continued as new: " + runs.size() + " runs in all");
        for (WorkflowExecutionHistory run : runs) {
            WorkflowReplayer.replayWorkflowExecution(WorkflowExecutionHistory.fromJson(run.toJson(true)),
                    SessionWorkflowImpl.class);
        }
    }

    @Test
    public void freshRunsOfAPartThatContinuesAsNewReplay() throws Exception {
        List<WorkflowExecutionHistory> parts;
        List<WorkflowExecutionHistory> sessions;
        try (WorkflowSandbox sandbox = WorkflowSandbox.forSessions().start()) {
            UUID id = UUID.randomUUID();
            sessions = LifecycleScenarios.partRestartingMany(sandbox, id, ReplayHistoryRecorder.PART_CONTINUED_CRASHES,
                    LifecycleScenarios.SHORT_RUNS).runs();
            parts = PartRuns.of(sandbox.client(), id, "web");
        }
        assertTrue(parts.size() >= 3, "the part continued as new: " + parts.size() + " runs");
        // The last run may hold little more than the deletion: those between the first and the last restart pods.
        parts.subList(1, parts.size() - 1).forEach(WorkflowReplayTest::assertIsAPartRunCarriedOver);
        for (WorkflowExecutionHistory run : parts) {
            WorkflowReplayer.replayWorkflowExecution(WorkflowExecutionHistory.fromJson(run.toJson(true)),
                    PartWorkflowImpl.class);
        }
        for (WorkflowExecutionHistory run : sessions) {
            WorkflowReplayer.replayWorkflowExecution(WorkflowExecutionHistory.fromJson(run.toJson(true)),
                    SessionWorkflowImpl.class);
        }
    }

    @Test
    public void freshPlacedHistoriesReplay() throws Exception {
        ScriptedHost host = new ScriptedHost();
        try (WorkflowSandbox sandbox = LifecycleScenarios.placedSandbox(host)) {
            WorkflowReplayer.replayWorkflowExecution(
                    LifecycleScenarios.placedPartMoves(sandbox), PartWorkflowImpl.class);
            WorkflowReplayer.replayWorkflowExecution(LifecycleScenarios.hostLostAndBack(sandbox, host),
                    HostWorkflowImpl.class);
        }
    }

    @Test
    public void freshlyRecordedHistoriesReplay() throws Exception {
        WorkflowExecutionHistory session;
        WorkflowExecutionHistory part;
        WorkflowExecutionHistory restarts;
        WorkflowExecutionHistory engineAway;
        WorkflowExecutionHistory resumed;
        WorkflowExecutionHistory databaseAway;
        WorkflowExecutionHistory partEvents;
        try (WorkflowSandbox sandbox = WorkflowSandbox.forSessions().start()) {
            partEvents = LifecycleScenarios.sessionWithPartEvents(sandbox);
        }
        WorkflowExecutionHistory imagePull;
        WorkflowExecutionHistory replicas;
        WorkflowExecutionHistory limits;
        try (WorkflowSandbox sandbox = WorkflowSandbox.forSessions().start()) {
            limits = LifecycleScenarios.partLimitsInPlace(sandbox);
            imagePull = LifecycleScenarios.partImagePull(sandbox);
            replicas = LifecycleScenarios.partReplicas(sandbox);
            databaseAway = LifecycleScenarios.partDatabaseAway(sandbox);
            session = LifecycleScenarios.sessionLifecycle(sandbox);
            part = LifecycleScenarios.partLifecycle(sandbox);
            restarts = LifecycleScenarios.partRestarts(sandbox);
            engineAway = LifecycleScenarios.partEngineAway(sandbox);
            resumed = LifecycleScenarios.sessionResumed(sandbox);
        }
        assertIsACompletedSessionLifecycle(session);
        assertIsACompletedPartLifecycle(part);
        assertIsACompletedRestartsScenario(restarts);
        assertIsAnEngineAwayAndBack(engineAway);
        assertIsAResumedSession(resumed);
        assertIsADatabaseAwayAndBack(databaseAway);
        assertIsASessionWithPartEvents(partEvents);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(partEvents.toJson(true)), SessionWorkflowImpl.class);
        assertIsAnImagePullBackingOff(imagePull);
        assertIsAScaledPart(replicas);
        assertIsALimitsChangeInPlace(limits);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(limits.toJson(true)), PartWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(replicas.toJson(true)), PartWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(imagePull.toJson(true)), PartWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(databaseAway.toJson(true)), PartWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(engineAway.toJson(true)), PartWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(resumed.toJson(true)), SessionWorkflowImpl.class);

        // Through JSON, as the stored ones are.
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(session.toJson(true)), SessionWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(part.toJson(true)), PartWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(restarts.toJson(true)), PartWorkflowImpl.class);
    }

    @Test
    public void aFreshRunOfASessionRemovingItsVolumesReplays() throws Exception {
        WorkflowExecutionHistory volumes;
        try (WorkflowSandbox sandbox = LifecycleScenarios.volumesSandbox()) {
            volumes = LifecycleScenarios.sessionVolumes(sandbox);
        }
        assertIsASessionRemovingItsVolumes(volumes);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(volumes.toJson(true)), SessionWorkflowImpl.class);
    }

    @Test
    public void aFreshRunOfASessionRemovedByForceReplays() throws Exception {
        WorkflowExecutionHistory forced;
        try (WorkflowSandbox sandbox = WorkflowSandbox.forSessions().start()) {
            forced = LifecycleScenarios.sessionForcedRemoval(sandbox);
        }
        assertIsAForcedRemoval(forced);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(forced.toJson(true)), SessionWorkflowImpl.class);
    }

    @Test
    public void anIncompatibleWorkflowFailsTheReplay() throws Exception {
        WorkflowExecutionHistory history = load(ReplayHistoryRecorder.SESSION_HISTORY);

        Exception failure = assertThrows(Exception.class,
                () -> WorkflowReplayer.replayWorkflowExecution(history, IncompatibleSessionWorkflow.class));
        assertTrue(messages(failure).toLowerCase().contains("nondetermin"), messages(failure));
    }

    // ---- helpers

    private static Arguments stored(String resource, Consumer<WorkflowExecutionHistory> scenario, Class<?> workflow) {
        return Arguments.of(resource, scenario, workflow);
    }

    private static WorkflowExecutionHistory load(String resource) throws IOException {
        try (InputStream in = WorkflowReplayTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource + " is missing; see ReplayHistoryRecorder for how to record it");
            return WorkflowExecutionHistory.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private static void assertIsACompletedSessionLifecycle(WorkflowExecutionHistory history) {
        assertEquals("SessionWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertEquals(2, count(history, EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED));
        assertEquals(3, count(history, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED));
        assertTrue(count(history, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED) >= 6, "part reports");
    }

    private static void assertIsASessionLifecycleWritingFirstLocally(WorkflowExecutionHistory history) {
        assertIsACompletedSessionLifecycle(history);
        assertEquals(1, version(history, ChangeIds.SESSION_LOCAL_FIRST_WRITES));
        assertTrue(localActivities(history).contains("RecordTransition"), "transitions written locally");
        assertFalse(activities(history).contains("RecordTransition"), "no transition's first try by an activity");
    }

    private static void assertIsASessionLifecycleStartingItsPartsTogether(WorkflowExecutionHistory history) {
        assertIsACompletedSessionLifecycle(history);
        assertEquals(1, version(history, ChangeIds.SESSION_PARTS_STARTED_TOGETHER));
        List<EventType> starts = history.getEvents().stream().map(e -> e.getEventType())
                .filter(type -> type == EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED
                        || type == EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_STARTED)
                .limit(2).toList();
        assertEquals(List.of(EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED,
                EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED), starts,
                "both parts asked for before either started");
    }

    private static void assertIsASessionLifecycleWritingConditionsWithStatus(WorkflowExecutionHistory history) {
        assertIsASessionLifecycleStartingItsPartsTogether(history);
        assertEquals(1, version(history, ChangeIds.SESSION_CONDITIONS_WITH_STATUS));
        assertFalse(activities(history).contains("RecordConditions"), "conditions written with the status, no activity");
    }

    private static void assertIsAPartLifecycleInFewerRoundTrips(WorkflowExecutionHistory history) {
        assertIsACompletedPartLifecycle(history);
        assertEquals(1, version(history, ChangeIds.PART_FEWER_ROUND_TRIPS));
        assertEquals("PlaceAll", localActivities(history).getFirst(), "placed by a local activity");
        assertFalse(activities(history).contains("PlaceAll"), "no placement by an activity");
        List<String> activities = activities(history);
        assertTrue(activities.indexOf("EnsureStarted") >= 0
                && activities.indexOf("EnsureStarted") < activities.indexOf("ListContainers"),
                "the first pass creates without listing, a later one lists: " + activities);
    }

    private static void assertIsAPartLifecycleWritingFirstLocally(WorkflowExecutionHistory history) {
        assertIsAPartLifecycleInFewerRoundTrips(history);
        assertEquals(1, version(history, ChangeIds.PART_LOCAL_FIRST_WRITES));
        assertTrue(localActivities(history).contains("RecordTransitions"), "transitions written locally");
        assertFalse(activities(history).contains("RecordTransitions"), "no first try by an activity");
    }

    private static void assertIsAPartLifecycleSendingEngineCallsFirst(WorkflowExecutionHistory history) {
        assertIsAPartLifecycleWritingFirstLocally(history);
        assertEquals(1, version(history, ChangeIds.PART_ENGINE_CALLS_FIRST));
        List<HistoryEvent> events = history.getEvents();
        int firstTaskDone = indexOf(events, 0, EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED);
        List<HistoryEvent> firstCommands = events.subList(firstTaskDone,
                indexOf(events, firstTaskDone, EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED));
        assertEquals(2, firstCommands.stream().filter(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
                && e.getActivityTaskScheduledEventAttributes().getActivityType().getName().equals("EnsureStarted"))
                .count(), "the first task creates both pods");
        assertFalse(firstCommands.stream().anyMatch(e -> "RecordTransitions".equals(HistoryEvents.localActivityType(e))),
                "the first task completes without writing its pods' CREATING");
    }

    private static void assertIsAPartLifecycleWritingEachPassOnce(WorkflowExecutionHistory history) {
        assertIsAPartLifecycleSendingEngineCallsFirst(history);
        assertEquals(1, version(history, ChangeIds.PART_PASS_IN_ONE_WRITE));
        JsonNode withPartReady = history.getEvents().stream()
                .filter(e -> "RecordTransitions".equals(HistoryEvents.localActivityType(e)))
                .map(e -> readJson(HistoryEvents.markerDetail(e, "input")))
                .filter(batch -> transitionsTo(batch, "PART", "READY") == 1)
                .findFirst().orElseThrow(() -> new AssertionError("no write of the part's READY"));
        assertEquals(2, transitionsTo(withPartReady, "POD", "READY"), "the part's READY written with its pods': " + withPartReady);
    }

    /** How many transitions of a batch, as a {@code RecordTransitions} marker holds it, are of a kind to a status. */
    private static long transitionsTo(JsonNode batch, String kind, String to) {
        return StreamSupport.stream(batch.spliterator(), false)
                .filter(t -> kind.equals(t.path("kind").asText()) && to.equals(t.path("to").asText()))
                .count();
    }

    private static JsonNode readJson(String json) {
        try {
            return new ObjectMapper().readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int indexOf(List<HistoryEvent> events, int from, EventType type) {
        for (int i = from; i < events.size(); i++) {
            if (events.get(i).getEventType() == type) {
                return i;
            }
        }
        throw new AssertionError("no " + type + " from event " + from);
    }

    private static void assertIsACompletedPartLifecycle(WorkflowExecutionHistory history) {
        assertEquals("PartWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertTrue(count(history, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED) >= 1, "the session told it what to do");
    }

    private static void assertIsACompletedTimeslot(WorkflowExecutionHistory history) {
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertEquals(3, count(history, EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED));
        assertTrue(count(history, EventType.EVENT_TYPE_TIMER_FIRED) >= 3, "provisionAt, endAt and teardown timers");
    }

    private static void assertContinuedAsNewAfterStartingItsParts(WorkflowExecutionHistory history) {
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW, history.getLastEvent().getEventType());
        assertEquals(2, count(history, EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED));
    }

    private static void assertIsACompletedPlacedPart(WorkflowExecutionHistory history) {
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertTrue(activities(history).stream().filter("Release"::equals).count() >= 3,
                "the drain and the lost host released placements: " + activities(history));
    }

    private static void assertIsAHostLostAndBack(WorkflowExecutionHistory history) {
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertEquals(2, activities(history).stream().filter("NotifyParts"::equals).count(), "lost, then back");
    }

    private static void assertIsACompletedRestartsScenario(WorkflowExecutionHistory history) {
        assertEquals("PartWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertTrue(count(history, EventType.EVENT_TYPE_TIMER_FIRED) >= 1, "the backoff timer fired");
    }

    private static void assertIsAnEngineAwayAndBack(WorkflowExecutionHistory history) {
        assertEquals("PartWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertTrue(count(history, EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED) >= 1, "a listing failed past its retries");
        assertTrue(count(history, EventType.EVENT_TYPE_TIMER_FIRED) >= 1, "the unknown pod was looked at again");
    }

    private static void assertIsAnImagePullBackingOff(WorkflowExecutionHistory history) {
        assertEquals("PartWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertTrue(activities(history).stream().filter("PullImage"::equals).count() >= 2, "the pull was tried again");
        assertTrue(count(history, EventType.EVENT_TYPE_TIMER_FIRED) >= 1, "after a backoff");
    }

    private static void assertIsAScaledPart(WorkflowExecutionHistory history) {
        assertEquals("PartWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertEquals(2, history.getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED)
                .filter(e -> e.getWorkflowExecutionSignaledEventAttributes().getSignalName().equals("setSpec"))
                .count(), "two spec changes");
        assertEquals(5, activities(history).stream().filter("EnsureStarted"::equals).count(), "5 containers created");
        assertEquals(5, activities(history).stream().filter("RemoveContainer"::equals).count(),
                "3 removed when scaled to 2, 2 when deleted");
    }

    private static void assertIsALimitsChangeInPlace(WorkflowExecutionHistory history) {
        assertEquals("PartWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertEquals(1, activities(history).stream().filter("EnsureStarted"::equals).count(), "one container");
        assertEquals(2, activities(history).stream().filter("UpdateLimits"::equals).count(),
                "applied at the change and again after the restart");
    }

    private static void assertIsADatabaseAwayAndBack(WorkflowExecutionHistory history) {
        assertEquals("PartWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        // The first try is an activity or, from change part-local-first-writes on, a local activity's marker.
        assertTrue(count(history, EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED) >= 1 || history.getEvents().stream()
                .anyMatch(e -> HistoryEvents.isFailedLocalActivity(e, "RecordTransitions")),
                "a transition's first try failed");
        assertTrue(Stream.concat(activities(history).stream(), localActivities(history).stream())
                .filter(a -> a.startsWith("RecordTransition")).count() >= 3, "the queue wrote on");
    }

    /** The database away and back, in a part that writes its transitions behind, many in one activity. */
    private static void assertIsWrittenBehind(WorkflowExecutionHistory history) {
        assertIsADatabaseAwayAndBack(history);
        List<String> activities = activities(history);
        assertTrue(activities.contains("RecordTransitions") && !activities.contains("RecordTransition"),
                "every transition written behind: " + activities);
    }

    private static void assertIsAPartRunCarriedOver(WorkflowExecutionHistory history) {
        assertEquals("PartWorkflow", workflowType(history));
        var started = history.getEvents().getFirst().getWorkflowExecutionStartedEventAttributes();
        assertTrue(!started.getContinuedExecutionRunId().isEmpty(), "continued from an earlier run");
        assertTrue(started.getInput().toString().contains("restartAt"), "started from the carried state");
        assertTrue(activities(history).stream().filter("StartContainer"::equals).count() >= 2, "restarts in this run");
    }

    private static void assertIsAResumedSession(WorkflowExecutionHistory history) {
        assertEquals("SessionWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertTrue(history.getEvents().getFirst().getWorkflowExecutionStartedEventAttributes().getInput().toString()
                .contains("resumedFrom"), "started to resume");
        assertEquals(2, count(history, EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED));
    }

    private static void assertIsASessionWithPartEvents(WorkflowExecutionHistory history) {
        assertEquals("SessionWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertEquals(3, history.getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED)
                .filter(e -> e.getWorkflowExecutionSignaledEventAttributes().getSignalName().equals("eventArrived"))
                .count(), "the dataset event twice, the grading event once");
        assertEquals(1, history.getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED)
                .filter(e -> e.getSignalExternalWorkflowExecutionInitiatedEventAttributes().getSignalName()
                        .equals("completeOnEvent"))
                .count(), "job was told once that it completed");
        assertEquals(3, count(history, EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED));
    }

    private static void assertIsASessionRemovingItsVolumes(WorkflowExecutionHistory history) {
        assertEquals("SessionWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertEquals(2, activities(history).stream().filter("RemoveSessionVolumes"::equals).count(),
                "the volumes removed on both hosts");
    }

    /** The kill path: the part cancelled, its containers listed and removed by the session itself. */
    private static void assertIsAForcedRemoval(WorkflowExecutionHistory history) {
        assertEquals("SessionWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertTrue(history.getLastEvent().getWorkflowExecutionCompletedEventAttributes().getResult().toString()
                .contains("EXPIRED"), "ended EXPIRED");
        assertEquals(1, count(history, EventType.EVENT_TYPE_REQUEST_CANCEL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED),
                "the part was cancelled");
        List<String> activities = activities(history);
        assertTrue(activities.contains("ListContainers") && activities.contains("RemoveContainer"),
                "the session removed the containers itself: " + activities);
    }

    private static String workflowType(WorkflowExecutionHistory history) {
        return history.getEvents().getFirst().getWorkflowExecutionStartedEventAttributes().getWorkflowType().getName();
    }

    private static long count(WorkflowExecutionHistory history, EventType type) {
        return HistoryEvents.count(history.getEvents(), type);
    }

    private static String messages(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            messages.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage()).append(" | ");
        }
        return messages.toString();
    }

    /** The version the history recorded for {@code changeId}; {@code DEFAULT_VERSION} when none. */
    private static int version(WorkflowExecutionHistory history, String changeId) {
        return history.getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED
                        && ("\"" + changeId + "\"").equals(HistoryEvents.markerDetail(e, "changeId")))
                .map(e -> Integer.parseInt(HistoryEvents.markerDetail(e, "version")))
                .findFirst().orElse(Workflow.DEFAULT_VERSION);
    }

    /** The types of the local activities the history recorded, in order. */
    private static List<String> localActivities(WorkflowExecutionHistory history) {
        return history.getEvents().stream().map(HistoryEvents::localActivityType).filter(Objects::nonNull).toList();
    }

    private static List<String> activities(WorkflowExecutionHistory history) {
        return history.getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
                .map(e -> e.getActivityTaskScheduledEventAttributes().getActivityType().getName())
                .toList();
    }
}
