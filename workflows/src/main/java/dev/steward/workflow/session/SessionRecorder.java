package dev.steward.workflow.session;

import dev.steward.contract.RecordingActivities;
import dev.steward.model.Condition;
import dev.steward.model.Reason;
import dev.steward.model.SessionConditions;
import dev.steward.model.SessionSpec;
import dev.steward.workflow.TransitionRecorder;
import dev.steward.workflow.WorkflowClock;
import io.temporal.workflow.Workflow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Records what a session is and wants, and shows it in Temporal: its status with its conditions, its
 * desired status, generation, timeslot and spec; its search attributes and memo.
 */
final class SessionRecorder {

    private final RecordingActivities recording;
    private final TransitionRecorder transitions;
    private final UUID sessionId;
    private final String owner;
    private final SessionState state;

    SessionRecorder(RecordingActivities recording, TransitionRecorder transitions, UUID sessionId, String owner,
            SessionState state) {
        this.recording = recording;
        this.transitions = transitions;
        this.sessionId = sessionId;
        this.owner = owner;
        this.state = state;
    }

    /** Records the session's new status as a transition, and its conditions with it. */
    void status(StatusRecord to) {
        transitions.session(state.status, to.status(), to.reason(), to.message(), state.generation,
                to.observedGeneration());
        state.status = to.status();
        state.reason = to.reason();
        state.message = to.message();
        state.observedGeneration = to.observedGeneration();
        List<Condition> next = SessionConditions.of(state.conditions, state.status, state.reason, state.message,
                WorkflowClock.now());
        if (!next.equals(state.conditions)) {
            state.conditions = next;
            recording.recordConditions(sessionId, state.conditions);
        }
        Workflow.upsertTypedSearchAttributes(SessionSearchAttributes.STATUS.valueSet(state.status.name()));
    }

    /** Goes on from where the read model left the session, and records that its workflow was resumed. */
    void resumed(ResumedFrom from) {
        state.resumed = true;
        state.status = from.status();
        status(new StatusRecord(from.status(), Reason.RESUMED.code(), "the session's workflow was missing from"
                + " Temporal; resumed from the read model, adopting what it finds on the engines",
                from.observedGeneration()));
    }

    /** Records a changed desired status and its generation. */
    void desiredStatus() {
        generation();
        Workflow.upsertTypedSearchAttributes(SessionSearchAttributes.DESIRED_STATUS.valueSet(state.desired.name()));
    }

    /** Records a raised generation, with the desired status it raised under. */
    void generation() {
        recording.recordDesiredStatus(sessionId, state.desired, state.generation);
    }

    void timeslot() {
        recording.recordTimeslot(sessionId, state.timeslot, state.generation);
        memo();
    }

    /** Records the new spec, and shows its labels in Temporal. */
    void spec(SessionSpec spec) {
        recording.recordSpec(sessionId, spec, state.generation);
        Workflow.upsertTypedSearchAttributes(SessionSearchAttributes.LABELS.valueSet(SessionSearchAttributes.labels(spec.labels())));
    }

    /** Shows the session's status and desired status in Temporal, and its owner and timeslot in the memo. */
    void show() {
        Workflow.upsertTypedSearchAttributes(SessionSearchAttributes.STATUS.valueSet(state.status.name()),
                SessionSearchAttributes.DESIRED_STATUS.valueSet(state.desired.name()));
        memo();
    }

    private void memo() {
        Map<String, Object> memo = new LinkedHashMap<>();
        memo.put("owner", owner);
        memo.put("timeslot", state.timeslot);
        Workflow.upsertMemo(memo);
    }
}
