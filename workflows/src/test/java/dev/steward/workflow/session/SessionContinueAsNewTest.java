package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.SessionStatus;
import dev.steward.workflow.part.PartReport;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.HistoryEvents;
import dev.steward.workflow.support.LifecycleScenarios;
import dev.steward.workflow.support.StartedSession;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowExecutionDescription;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateHandle;
import io.temporal.client.WorkflowUpdateStage;
import io.temporal.common.WorkflowExecutionHistory;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** History stays bounded: the session continues as new, carrying its state, and its parts live on. */
class SessionContinueAsNewTest {

    private static final int REPORTS = 5_000;
    private static final int HISTORY_LIMIT = 10_000;

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    /**
     * An update that arrives while the run, about to continue as new, waits for PostgreSQL to take its queued
     * transitions is answered: the run continues as new only once every handler has finished and every write
     * is done, both at once.
     */
    @Test
    void anUpdateAcceptedWhileTheRunWritesItsQueueBeforeContinuingAsNewIsAnswered() throws Exception {
        StartedSession s = sandbox.startSession(TestSessions.twoPartsOfTwoPods(), LifecycleScenarios.SHORT_RUNS);
        PartView web = s.awaitStatus(SessionStatus.RUNNING).parts().getFirst();
        sandbox.recording().goAway();
        // A change of status: its transition is queued while PostgreSQL is away; then the history grows past the limit.
        int reports = 2 * LifecycleScenarios.SHORT_RUNS.continueAsNewAfterEvents();
        for (int i = 0; i < reports; i++) {
            s.report(new PartReport(new PartView(web.name(), PartStatus.PROVISIONING, web.reason(),
                    "report " + i, web.pods(), null, null), 1, null));
        }
        String last = "report " + (reports - 1);
        s.await("every report taken", v -> v.parts().getFirst().message().equals(last));
        // The transition's first try failed, so it is queued; the run waits for nothing else but the queue.
        Eventually.await("the run waiting for its queue", () -> firstRun(s).getEvents(),
                SessionContinueAsNewTest::waitsForItsQueueOnly);
        assertEquals(s.firstRunId(), currentRun(s.id()).getExecution().getRunId(),
                "the run waits for its queue before it continues as new");
        sandbox.recording().holdDesiredStatuses();

        WorkflowUpdateHandle<DesiredStatusChange> stop = WorkflowStub.fromTyped(s.session()).startUpdate(
                "setDesiredStatus", WorkflowUpdateStage.ACCEPTED, DesiredStatusChange.class, DesiredStatus.STOPPED);
        sandbox.recording().comeBack();
        // The queue is written and the run has taken the last write's completion: it continues as new then, unless
        // it waits for the update's handler.
        Eventually.await("the queue written and its last write taken", () -> firstRun(s).getEvents(),
                events -> sandbox.recording().everyRefusedRecorded() && writesTaken(events));
        sandbox.recording().releaseDesiredStatuses();

        assertEquals(new DesiredStatusChange(DesiredStatus.STOPPED, 2, true),
                stop.getResult(Eventually.DEADLINE.toSeconds(), TimeUnit.SECONDS));
        s.awaitStatus(SessionStatus.STOPPED);
        assertNotEquals(s.firstRunId(), currentRun(s.id()).getExecution().getRunId(), "continued as new");
    }

    /**
     * A transition's first try failed, every activity but the queue's writer has closed, and the last workflow
     * task completed: the loop waits in the queue's flush.
     */
    private static boolean waitsForItsQueueOnly(List<HistoryEvent> events) {
        Map<Long, String> open = new HashMap<>();
        boolean firstTryFailed = false;
        for (HistoryEvent e : events) {
            switch (e.getEventType()) {
                case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED ->
                        open.put(e.getEventId(), e.getActivityTaskScheduledEventAttributes().getActivityType().getName());
                case EVENT_TYPE_ACTIVITY_TASK_COMPLETED -> open.remove(e.getActivityTaskCompletedEventAttributes().getScheduledEventId());
                case EVENT_TYPE_ACTIVITY_TASK_FAILED ->
                        firstTryFailed |= "RecordTransition".equals(open.remove(e.getActivityTaskFailedEventAttributes().getScheduledEventId()));
                // The first try is a local activity: its failure is a marker.
                case EVENT_TYPE_MARKER_RECORDED -> firstTryFailed |= HistoryEvents.isFailedLocalActivity(e, "RecordTransition");
                default -> { }
            }
        }
        return firstTryFailed && open.values().stream().allMatch("RecordTransition"::equals)
                && events.getLast().getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED;
    }

    /** Every transition write the run scheduled has closed, and the run has taken the last one's outcome. */
    private static boolean writesTaken(List<HistoryEvent> events) {
        Set<Long> writes = new HashSet<>();
        int lastClosed = -1;
        for (int i = 0; i < events.size(); i++) {
            HistoryEvent e = events.get(i);
            if (e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
                    && e.getActivityTaskScheduledEventAttributes().getActivityType().getName().equals("RecordTransition")) {
                writes.add(e.getEventId());
            } else if (e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED
                    && writes.remove(e.getActivityTaskCompletedEventAttributes().getScheduledEventId())) {
                lastClosed = i;
            } else if (e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED
                    && writes.remove(e.getActivityTaskFailedEventAttributes().getScheduledEventId())) {
                lastClosed = i;
            }
        }
        return writes.isEmpty() && lastClosed >= 0
                && (HistoryEvents.anyAfter(events, lastClosed, EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED)
                        || events.getLast().getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW);
    }

    private WorkflowExecutionHistory firstRun(StartedSession s) {
        return sandbox.client().fetchHistory(WorkflowIds.session(s.id()), s.firstRunId());
    }

    private WorkflowExecutionDescription currentRun(UUID id) {
        return sandbox.client().newUntypedWorkflowStub(WorkflowIds.session(id)).describe();
    }

    @Test
    void fiveThousandReportsKeepEveryRunShortAndTheSessionStillCompletes() {
        UUID id = UUID.randomUUID();

        StartedSession s = LifecycleScenarios.manyReports(sandbox, id, REPORTS, LifecycleSettings.DEFAULTS);

        List<WorkflowExecutionHistory> runs = s.runs();
        List<Integer> lengths = runs.stream().map(r -> r.getEvents().size()).toList();
        System.out.println(REPORTS + " status signals: session history events per run " + lengths + ", largest "
                + lengths.stream().mapToInt(Integer::intValue).max().orElseThrow());
        assertTrue(runs.size() > 1, "continued as new: " + lengths);
        for (WorkflowExecutionHistory run : runs) {
            assertTrue(run.getEvents().size() <= HISTORY_LIMIT, "a run of " + run.getEvents().size() + " events");
        }
        long signals = runs.stream()
                .mapToLong(r -> HistoryEvents.count(r.getEvents(), EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED))
                .sum();
        assertTrue(signals >= REPORTS, "every report reached a run: " + signals);
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, runs.getLast().getLastEvent().getEventType());
        // The parts were started by the first run and never restarted: one execution each, completed.
        for (String part : List.of("web", "db")) {
            var child = sandbox.client().newUntypedWorkflowStub(WorkflowIds.part(id, part)).describe();
            assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED, child.getStatus(), part);
            assertEquals(runs.getFirst().getWorkflowExecution().getWorkflowId(), child.getParentExecution().getWorkflowId());
            assertEquals(s.firstRunId(), child.getParentExecution().getRunId(), part + " was started by the first run");
        }
    }
}
