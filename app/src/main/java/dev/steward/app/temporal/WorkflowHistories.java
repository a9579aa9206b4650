package dev.steward.app.temporal;

import dev.steward.app.refusal.NotFound;
import dev.steward.app.refusal.TemporalUnavailable;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowServiceException;
import jakarta.inject.Singleton;
import java.util.List;

/** The history of a workflow's latest run, read from Temporal within {@link TemporalDeadline}. */
@Singleton
public class WorkflowHistories {

    private final WorkflowClient temporal;
    private final TemporalDeadline deadline;

    public WorkflowHistories(WorkflowClient temporal, TemporalDeadline deadline) {
        this.temporal = temporal;
        this.deadline = deadline;
    }

    public List<HistoryEvent> of(String workflowId) {
        try {
            return deadline.call(() -> temporal.fetchHistory(workflowId).getEvents());
        } catch (WorkflowNotFoundException forgotten) {
            throw new NotFound("workflow " + workflowId + " in Temporal");
        } catch (StatusRuntimeException failed) {
            if (failed.getStatus().getCode() == Status.Code.NOT_FOUND) {
                throw new NotFound("workflow " + workflowId + " in Temporal");
            }
            throw unavailable(workflowId);
        } catch (WorkflowServiceException unreachable) {
            throw unavailable(workflowId);
        }
    }

    private TemporalUnavailable unavailable(String workflowId) {
        return new TemporalUnavailable("Temporal did not give the history of " + workflowId + " within "
                + deadline.inWords() + ". Repeat the request later");
    }
}
