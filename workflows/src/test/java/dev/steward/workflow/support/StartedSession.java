package dev.steward.workflow.support;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.EventCause;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.workflow.session.ArrivedEvent;
import dev.steward.workflow.part.PartReport;
import dev.steward.workflow.session.SessionWorkflow;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.common.WorkflowExecutionHistory;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;

/** A session a {@link WorkflowSandbox} started: its id and its first run. */
public record StartedSession(UUID id, WorkflowClient client, String firstRunId) {

    /** A stub by workflow id alone, so it reaches whichever run is current. */
    public SessionWorkflow session() {
        return client.newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(id));
    }

    /**
     * Sends a part's report as its part would. The in-memory test server answers a signal that meets the run as it
     * continues as new with NOT_FOUND, where the real server hands it to the new run: sent again, it reaches that run.
     */
    public void report(PartReport report) {
        Eventually.await("the report sent", () -> {
            try {
                session().partChanged(report);
                return true;
            } catch (WorkflowNotFoundException runClosing) {
                return false;
            }
        }, sent -> sent);
    }

    public SessionView await(String what, Predicate<SessionView> done) {
        return Eventually.await(what, () -> session().tree(), done);
    }

    public SessionView awaitStatus(SessionStatus wanted) {
        return await("session " + wanted, view -> view.status() == wanted);
    }

    /**
     * Waits until the session's current run is shorter than {@code continueAsNewAfterEvents}: a run
     * past it continues as new at its next workflow task, once no signal or update came meanwhile.
     */
    public void awaitRunShorterThan(int continueAsNewAfterEvents) {
        Eventually.await("the session's current run shorter than " + continueAsNewAfterEvents + " events",
                this::currentRunLength, events -> events < continueAsNewAfterEvents);
    }

    /** How many events the session's current run has. */
    public int currentRunLength() {
        return client.fetchHistory(WorkflowIds.session(id)).getEvents().size();
    }

    /**
     * Makes the session begin a new run now, so that the updates a test sends next come early in that
     * run, far from its end: sends it events none of its parts awaits until its run passes {@code
     * continueAsNewAfterEvents}, then waits for the next run. Temporal's test server mishandles a
     * continue-as-new in the workflow task that completes an update: it loses the parts' reports that
     * arrive meanwhile (the session then waits for them for ever), or the closed run's
     * continued-as-new event.
     */
    public void beginNewRun(int continueAsNewAfterEvents) {
        awaitRunShorterThan(continueAsNewAfterEvents);
        String before = currentRunId();
        // Each signal is at least one event of that run, or of the one after it; each event is new to the
        // session, so it looks at its run's length again (one it has taken already changes nothing).
        for (int more = continueAsNewAfterEvents - currentRunLength(); more > 0; more--) {
            try {
                session().eventArrived(new ArrivedEvent(new EventCause(UUID.randomUUID().toString(),
                        "https://steward.example/tests", "dev.steward.tests.new-run"), null));
            } catch (WorkflowNotFoundException runClosing) {
                // The in-memory test server answers a signal that meets the run as it continues as new with
                // NOT_FOUND (see report): the run has passed its limit, so no more are needed.
                break;
            }
        }
        Eventually.await("a new run of the session", this::currentRunId, run -> !run.equals(before));
        awaitRunShorterThan(continueAsNewAfterEvents);
    }

    /** The run of the session that is current now. */
    public String currentRunId() {
        return client.newUntypedWorkflowStub(WorkflowIds.session(id)).describe().getExecution().getRunId();
    }

    public SessionStatus result() {
        return client.newUntypedWorkflowStub(WorkflowIds.session(id)).getResult(SessionStatus.class);
    }

    /** The history of every run, first to last, following the continue-as-new chain. */
    public List<WorkflowExecutionHistory> runs() {
        List<WorkflowExecutionHistory> runs = new ArrayList<>();
        String runId = firstRunId;
        while (runId != null) {
            WorkflowExecutionHistory run = client.fetchHistory(WorkflowIds.session(id), runId);
            runs.add(run);
            HistoryEvent last = run.getLastEvent();
            runId = last.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW
                    ? last.getWorkflowExecutionContinuedAsNewEventAttributes().getNewExecutionRunId()
                    : null;
        }
        return runs;
    }
}
