package dev.steward.workflow.session;

import dev.steward.model.DesiredStatus;
import dev.steward.model.EventCause;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PartReport;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.UpdateMethod;
import io.temporal.workflow.UpdateValidatorMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** One per session, id {@code session-{id}}: owns the session's parts for its whole life. */
@WorkflowInterface
public interface SessionWorkflow {

    /** Runs until the session is deleted; returns its final status. */
    @WorkflowMethod
    SessionStatus run(SessionInput input);

    /** Changes the desired status; cascades it to every part. */
    @UpdateMethod
    DesiredStatusChange setDesiredStatus(DesiredStatus desired);

    /** Refuses a desired status the session cannot take, before anything is recorded. */
    @UpdateValidatorMethod(updateName = "setDesiredStatus")
    void validateDesiredStatus(DesiredStatus desired);

    /**
     * Changes the desired status on behalf of a CloudEvent; the transitions it causes name the event. An
     * event applied once already changes nothing.
     */
    @UpdateMethod
    DesiredStatusChange setDesiredStatusOnEvent(EventCause event, DesiredStatus desired);

    /** Refuses as {@link #validateDesiredStatus} does. */
    @UpdateValidatorMethod(updateName = "setDesiredStatusOnEvent")
    void validateDesiredStatusOnEvent(EventCause event, DesiredStatus desired);

    /** Moves the timeslot on behalf of a CloudEvent. An event applied once already changes nothing. */
    @UpdateMethod
    TimeslotChange setTimeslotOnEvent(EventCause event, Timeslot timeslot);

    /** Refuses as {@link #validateTimeslot} does. */
    @UpdateValidatorMethod(updateName = "setTimeslotOnEvent")
    void validateTimeslotOnEvent(EventCause event, Timeslot timeslot);

    /** Moves the timeslot; the timers follow. */
    @UpdateMethod
    TimeslotChange setTimeslot(Timeslot timeslot);

    /** Refuses a timeslot out of order, or any change once teardown has begun. */
    @UpdateValidatorMethod(updateName = "setTimeslot")
    void validateTimeslot(Timeslot timeslot);

    /** Operator action: tries a failed part's pods again, under a new generation. */
    @UpdateMethod
    OperatorActionResult retryPart(String part);

    /** Refuses to retry an unknown part, one that has not failed, or one of a session that is ending. */
    @UpdateValidatorMethod(updateName = "retryPart")
    void validateRetryPart(String part);

    /** Operator action: every started part re-reads the engine now. */
    @UpdateMethod
    OperatorActionResult reconcileNow();

    /** Refuses to reconcile a session past its cleanup deadline. */
    @UpdateValidatorMethod(updateName = "reconcileNow")
    void validateReconcileNow();

    /** Replaces the session's spec: same parts and pods by name; changed pods are replaced. */
    @UpdateMethod
    long updateSpec(SessionSpec spec);

    /** Refuses a spec that adds, removes or renames parts or pods. */
    @UpdateValidatorMethod(updateName = "updateSpec")
    void validateSpec(SessionSpec spec);

    /**
     * A CloudEvent addressed to the session that a part awaits (it may start) or completes on (it is
     * marked COMPLETED). An event that arrived once already changes nothing.
     */
    @SignalMethod
    void eventArrived(ArrivedEvent event);

    /** A part reports its observed state. */
    @SignalMethod
    void partChanged(PartReport report);

    /** The whole tree as the workflow sees it. */
    @QueryMethod
    SessionView tree();
}
