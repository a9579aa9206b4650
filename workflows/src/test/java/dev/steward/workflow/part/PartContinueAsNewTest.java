package dev.steward.workflow.part;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.TransitionRecord;
import dev.steward.model.LifecycleSettings;
import dev.steward.workflow.support.LifecycleScenarios;
import dev.steward.workflow.support.PartRuns;
import dev.steward.workflow.support.StartedSession;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.api.enums.v1.EventType;
import io.temporal.common.WorkflowExecutionHistory;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A part's history stays bounded however often its pods restart: it continues as new, carrying its state. */
class PartContinueAsNewTest {

    private static final int CRASHES = Integer.getInteger("steward.partRestarts", 40);
    private static final int HISTORY_LIMIT = 300;
    /** A run checks its length between passes: the pass that crosses the limit may add this many more events. */
    private static final int ONE_PASS = 100;

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    @Test
    void aPodRestartedManyTimesKeepsEveryRunShortAndItsCountAndTransitionsWhole() {
        UUID id = UUID.randomUUID();
        LifecycleSettings lifecycle = new LifecycleSettings(Duration.ofMinutes(2), Duration.ofSeconds(15), HISTORY_LIMIT);

        StartedSession s = LifecycleScenarios.partRestartingMany(sandbox, id, CRASHES, lifecycle);

        List<WorkflowExecutionHistory> runs = PartRuns.of(sandbox.client(), id, "web");
        List<Integer> lengths = runs.stream().map(r -> r.getEvents().size()).toList();
        System.out.println(CRASHES + " restarts: part history events per run " + lengths + ", largest "
                + lengths.stream().mapToInt(Integer::intValue).max().orElseThrow());
        assertTrue(runs.size() > 2, "continued as new: " + lengths);
        // Each run after the first was continued from the one before it (PartRuns follows that chain).
        for (WorkflowExecutionHistory run : runs) {
            assertTrue(run.getEvents().size() <= HISTORY_LIMIT + ONE_PASS, "a run of " + run.getEvents().size() + " events");
        }
        assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, runs.getLast().getLastEvent().getEventType(),
                () -> runs.getLast().getEvents().stream().skip(Math.max(0, runs.getLast().getEvents().size() - 25))
                        .map(e -> e.getEventType().name() + (e.hasActivityTaskScheduledEventAttributes()
                                ? "(" + e.getActivityTaskScheduledEventAttributes().getActivityType().getName() + ")" : ""))
                        .toList().toString());

        List<TransitionRecord> pod = sandbox.recording().podTransitions(id, "web", "app");
        assertEquals(pod.size(), pod.stream().map(TransitionRecord::id).distinct().count(), "each transition recorded once");
        assertEquals(CRASHES, pod.stream().filter(t -> "READY".equals(t.from()) && "BACKING_OFF".equals(t.to())).count(),
                "every crash recorded, none twice across runs");
        assertEquals(CRASHES, pod.stream().filter(t -> "STARTING".equals(t.from()) && "READY".equals(t.to())).count() - 1,
                "every restart recorded, besides the first start");
        assertEquals("DELETED", s.session().tree().status().name());
    }
}
