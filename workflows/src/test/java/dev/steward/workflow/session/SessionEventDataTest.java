package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.EventAwait;
import dev.steward.model.EventCause;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.SessionSpec;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakeContainerActivities;
import dev.steward.workflow.support.LifecycleScenarios;
import dev.steward.workflow.support.StartedSession;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import dev.steward.workflow.part.PartReport;
import io.temporal.api.history.v1.HistoryEvent;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A session carries no event data once it has kept it: the state it carries over continue-as-new holds the
 * events' references, and a part it hands a new spec later still gets the event's data in its pods' env.
 */
class SessionEventDataTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    private final FakeContainerActivities engine = sandbox.engine();
    private final UUID sessionId = UUID.randomUUID();

    @Test
    void theStateCarriedOverContinueAsNewHoldsNoEventData() {
        String blob = "d".repeat(20_000);
        String data = "{\"blob\":\"" + blob + "\"}";
        EventCause ready = new EventCause("e-ready", "https://ci.example.com/data", "com.example.dataset.ready");
        PartSpec train = new PartSpec("train", List.of(TestSessions.pod("trainer")), null, null, null, null,
                List.of(new EventAwait(ready.type(), null)), null, null);
        SessionSpec spec = new SessionSpec("alice", DesiredStatus.RUNNING, List.of(train), null);
        StartedSession s = sandbox.startSession(sessionId, spec, LifecycleScenarios.SHORT_RUNS);
        s.session().eventArrived(new ArrivedEvent(ready, data));
        PartView ran = s.await("train runs", v -> v.parts().getFirst().status() == PartStatus.READY
                && v.parts().getFirst().pods().getFirst().containerId() != null).parts().getFirst();
        String trainer = ran.pods().getFirst().containerId();
        assertEquals(data, engine.envOf(trainer).get("STEWARD_EVENT_DATA"));

        // The part's reports, as many as make the run continue as new.
        for (int i = 0; i < LifecycleScenarios.SHORT_RUNS.continueAsNewAfterEvents(); i++) {
            s.session().partChanged(new PartReport(ran, 1, null));
        }
        Eventually.await("a new run of the session", s::currentRunId, run -> !run.equals(s.firstRunId()));
        HistoryEvent last = sandbox.client().fetchHistory(WorkflowIds.session(sessionId), s.firstRunId()).getLastEvent();
        String carried = last.getWorkflowExecutionContinuedAsNewEventAttributes().getInput().getPayloads(0)
                .getData().toStringUtf8();
        assertFalse(carried.contains(blob), "the carried state holds the event's data");

        // The new run hands the part a new spec: the event's data, read back, keeps its env and so its container.
        s.session().updateSpec(spec);
        s.await("train took the new spec", v -> v.observedGeneration() == 2
                && v.parts().getFirst().status() == PartStatus.READY);
        String now = engine.containerOf(sessionId, "train", "trainer").orElseThrow().id();
        assertEquals(trainer, now, "the trainer kept its container: the event's data is in its env as before");
    }
}
