package dev.steward.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.workflow.host.HostWorkflowImpl;
import dev.steward.workflow.host.HostWorkflowTest;
import dev.steward.workflow.part.PartWorkflowImpl;
import dev.steward.workflow.session.SessionWorkflowImpl;
import io.temporal.api.enums.v1.EventType;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Replays stored histories against today's workflow code, so a change that would break running
 * workflows fails the build. The stored histories are made by {@link ReplayHistoryRecorder}.
 */
public class WorkflowReplayTest {

    @Test
    public void theStoredSessionHistoryReplays() throws Exception {
        WorkflowExecutionHistory history = load(ReplayHistoryRecorder.SESSION_HISTORY);
        assertIsACompletedSessionLifecycle(history);

        WorkflowReplayer.replayWorkflowExecution(history, SessionWorkflowImpl.class);
    }

    @Test
    public void theStoredPartHistoryReplays() throws Exception {
        WorkflowExecutionHistory history = load(ReplayHistoryRecorder.PART_HISTORY);
        assertIsACompletedPartLifecycle(history);

        WorkflowReplayer.replayWorkflowExecution(history, PartWorkflowImpl.class);
    }

    @Test
    public void theStoredTimeslotHistoryReplays() throws Exception {
        WorkflowExecutionHistory history = load(ReplayHistoryRecorder.TIMESLOT_HISTORY);
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertEquals(3, count(history, EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED));
        assertTrue(count(history, EventType.EVENT_TYPE_TIMER_FIRED) >= 3, "provisionAt, endAt and teardown timers");

        WorkflowReplayer.replayWorkflowExecution(history, SessionWorkflowImpl.class);
    }

    @Test
    public void theStoredRunBeforeContinueAsNewReplays() throws Exception {
        WorkflowExecutionHistory history = load(ReplayHistoryRecorder.BEFORE_CONTINUE_AS_NEW_HISTORY);
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW, history.getLastEvent().getEventType());
        assertEquals(2, count(history, EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED));

        WorkflowReplayer.replayWorkflowExecution(history, SessionWorkflowImpl.class);
    }

    @Test
    public void freshRunsOfTheTimeslotAndContinueAsNewReplay() throws Exception {
        List<WorkflowExecutionHistory> runs = new ArrayList<>();
        try (SessionFixture f = new SessionFixture()) {
            runs.addAll(LifecycleScenarios.twoHourSlot(f, UUID.randomUUID()));
            // Each report is at least one event however the worker batches them, so this many always
            // pass the threshold and the run continues as new.
            int reports = 2 * LifecycleScenarios.SHORT_RUNS.continueAsNewAfterEvents();
            runs.addAll(f.runs(LifecycleScenarios.manyReports(f, UUID.randomUUID(), reports,
                    LifecycleScenarios.SHORT_RUNS)));
        }
        assertTrue(runs.size() >= 3, "the reports scenario continued as new: " + runs.size() + " runs in all");
        for (WorkflowExecutionHistory run : runs) {
            WorkflowReplayer.replayWorkflowExecution(WorkflowExecutionHistory.fromJson(run.toJson(true)),
                    SessionWorkflowImpl.class);
        }
    }

    @Test
    public void theStoredRestartsHistoryReplays() throws Exception {
        WorkflowExecutionHistory history = load(ReplayHistoryRecorder.RESTARTS_HISTORY);
        assertIsACompletedRestartsScenario(history);

        WorkflowReplayer.replayWorkflowExecution(history, PartWorkflowImpl.class);
    }

    @Test
    public void theStoredPlacedPartHistoryReplays() throws Exception {
        WorkflowExecutionHistory history = load(ReplayHistoryRecorder.PLACED_PART_HISTORY);
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertTrue(activities(history).stream().filter("Release"::equals).count() >= 3,
                "the drain and the lost host released placements: " + activities(history));

        WorkflowReplayer.replayWorkflowExecution(history, PartWorkflowImpl.class);
    }

    @Test
    public void theStoredHostHistoryReplays() throws Exception {
        WorkflowExecutionHistory history = load(ReplayHistoryRecorder.HOST_HISTORY);
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertEquals(2, activities(history).stream().filter("NotifyParts"::equals).count(), "lost, then back");

        WorkflowReplayer.replayWorkflowExecution(history, HostWorkflowImpl.class);
    }

    @Test
    public void freshPlacedHistoriesReplay() throws Exception {
        FakePlacement placement = new FakePlacement("a", "b");
        HostWorkflowTest.ScriptedHost host = new HostWorkflowTest.ScriptedHost();
        TestWorkflowEnvironment env = LifecycleScenarios.newPlacedEnvironment(placement, host);
        try {
            WorkflowReplayer.replayWorkflowExecution(
                    LifecycleScenarios.placedPartMoves(env, placement), PartWorkflowImpl.class);
            WorkflowReplayer.replayWorkflowExecution(LifecycleScenarios.hostLostAndBack(env, host), HostWorkflowImpl.class);
        } finally {
            env.close();
        }
    }

    @Test
    public void freshlyRecordedHistoriesReplay() throws Exception {
        FakeEngine engine = new FakeEngine();
        WorkflowExecutionHistory session;
        WorkflowExecutionHistory part;
        WorkflowExecutionHistory restarts;
        TestWorkflowEnvironment env = LifecycleScenarios.newEnvironment(engine, new InMemoryRecording());
        try {
            session = LifecycleScenarios.sessionLifecycle(env);
            part = LifecycleScenarios.partLifecycle(env, engine);
            restarts = LifecycleScenarios.partRestarts(env, engine);
        } finally {
            env.close();
        }
        assertIsACompletedSessionLifecycle(session);
        assertIsACompletedPartLifecycle(part);
        assertIsACompletedRestartsScenario(restarts);

        // Through JSON, as the stored ones are.
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(session.toJson(true)), SessionWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(part.toJson(true)), PartWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(
                WorkflowExecutionHistory.fromJson(restarts.toJson(true)), PartWorkflowImpl.class);
    }

    @Test
    public void anIncompatibleWorkflowFailsTheReplay() throws Exception {
        WorkflowExecutionHistory history = load(ReplayHistoryRecorder.SESSION_HISTORY);

        Exception failure = assertThrows(Exception.class,
                () -> WorkflowReplayer.replayWorkflowExecution(history, IncompatibleSessionWorkflow.class));
        assertTrue(messages(failure).toLowerCase().contains("nondetermin"), messages(failure));
    }

    // ---- helpers

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

    private static void assertIsACompletedPartLifecycle(WorkflowExecutionHistory history) {
        assertEquals("PartWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        // Recorded before the host drove resyncs, the part's own resync timer fired; since, the host's signal arrives.
        assertTrue(count(history, EventType.EVENT_TYPE_TIMER_FIRED) >= 1
                || count(history, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED) == 3, "a resync ran");
    }

    private static void assertIsACompletedRestartsScenario(WorkflowExecutionHistory history) {
        assertEquals("PartWorkflow", workflowType(history));
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, history.getLastEvent().getEventType());
        assertTrue(count(history, EventType.EVENT_TYPE_TIMER_FIRED) >= 1, "the backoff timer fired");
        assertTrue(count(history, EventType.EVENT_TYPE_MARKER_RECORDED) >= 1, "the version marker is recorded");
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

    private static List<String> activities(WorkflowExecutionHistory history) {
        return history.getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
                .map(e -> e.getActivityTaskScheduledEventAttributes().getActivityType().getName())
                .toList();
    }
}
