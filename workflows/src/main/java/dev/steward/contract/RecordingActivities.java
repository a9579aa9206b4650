package dev.steward.contract;

import dev.steward.model.Condition;
import dev.steward.model.DesiredStatus;
import dev.steward.model.SessionSpec;
import dev.steward.model.Timeslot;
import io.temporal.activity.ActivityInterface;
import java.util.List;
import java.util.UUID;

/** The read model and the transition history in PostgreSQL. Retried calls write nothing twice. */
@ActivityInterface
public interface RecordingActivities {

    /**
     * Inserts the transition unless its id is recorded already and, only when it inserted, sets the
     * resource's current status from it (and a session's conditions, when it carries them): a late retry of
     * an older change sets nothing.
     */
    void recordTransition(TransitionRecord transition);

    /**
     * Records the transitions, in their order, as {@link #recordTransition} records each, in one
     * transaction: a batch lands whole or not at all, and a retried one records nothing twice.
     */
    default void recordTransitions(List<TransitionRecord> transitions) {
        transitions.forEach(this::recordTransition);
    }

    /** Sets the session's desired status and generation, unless a newer generation is recorded. */
    void recordDesiredStatus(UUID sessionId, DesiredStatus desiredStatus, long generation);

    /** Sets the session's timeslot and generation, unless a newer generation is recorded. */
    void recordTimeslot(UUID sessionId, Timeslot timeslot, long generation);

    /**
     * Sets the session's Ready and Degraded conditions. Unguarded: a late retry may put older conditions back,
     * so a workflow that can records them with its status instead ({@link TransitionRecord#conditions}).
     */
    void recordConditions(UUID sessionId, List<Condition> conditions);

    /** Stores the session's new spec and generation, unless a newer generation is recorded. */
    void recordSpec(UUID sessionId, SessionSpec spec, long generation);
}
