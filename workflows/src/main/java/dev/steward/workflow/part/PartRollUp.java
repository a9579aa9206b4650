package dev.steward.workflow.part;

import dev.steward.model.PartStatus;
import dev.steward.model.Reason;
import dev.steward.workflow.TransitionRecorder;
import io.temporal.workflow.Workflow;
import java.util.List;
import java.util.Map;

/**
 * The part's status from its pods, after each pass: decided by the {@link PartPlanner}, shown as COMPLETED
 * while an event keeps the part stopped, recorded when it changed and reported to the session once the
 * part's own transitions are written.
 */
final class PartRollUp {

    private final PartState state;
    private final PartPlanner planner;
    private final TransitionRecorder recorder;
    private final SessionReport sessionReport;
    private final ProgressDeadline progress;

    PartRollUp(PartState state, PartPlanner planner, TransitionRecorder recorder, SessionReport sessionReport,
            ProgressDeadline progress) {
        this.state = state;
        this.planner = planner;
        this.recorder = recorder;
        this.sessionReport = sessionReport;
        this.progress = progress;
    }

    /** Decides the part's status from its pods, records a change and reports the new view up. */
    void afterPass(long passGeneration) {
        long now = Workflow.currentTimeMillis();
        progress.observe(now);
        PartPlan plan = planner.plan(new PartObservation(state.desired, List.copyOf(state.pods.values()),
                state.maxUnhealthy, Map.copyOf(state.attempts), state.generation, passGeneration, state.observedGeneration,
                state.showsCompleted ? null : progress.stalled(now)));
        state.observedGeneration = plan.observedGeneration();
        PartStatus status = plan.status();
        String reason = plan.reason();
        String message = plan.message();
        if (state.showsCompleted && (status == PartStatus.STOPPED || status == PartStatus.STOPPING)) {
            boolean stopped = status == PartStatus.STOPPED;
            status = stopped ? PartStatus.COMPLETED : PartStatus.STOPPING;
            reason = Reason.EVENT.code();
            message = "completed by " + state.completedBy + (stopped ? "" : ": " + plan.message());
        }
        if (status != state.status) {
            recorder.part(state.name, state.status, status, reason, message, state.generation, state.passes);
        }
        state.status = status;
        state.reason = reason;
        state.message = message;
        // The session records what the part reports: the part's own transitions are written first.
        recorder.awaitWritten();
        sessionReport.send(new PartReport(state.reportedView(), state.observedGeneration, plan.failure()));
    }
}
