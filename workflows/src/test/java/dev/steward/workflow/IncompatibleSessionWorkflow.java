package dev.steward.workflow;

import dev.steward.model.DesiredStatus;
import dev.steward.model.EventCause;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PartReport;
import dev.steward.workflow.session.ArrivedEvent;
import dev.steward.workflow.session.DesiredStatusChange;
import dev.steward.workflow.session.OperatorActionResult;
import dev.steward.workflow.session.SessionInput;
import dev.steward.workflow.session.SessionWorkflow;
import dev.steward.workflow.session.TimeslotChange;
import io.temporal.workflow.Workflow;
import java.time.Duration;

/**
 * A session workflow that decides differently from {@link SessionWorkflowImpl} (a timer first,
 * where the real one starts its parts): replaying a real history with it must fail, which shows
 * the replay test notices an incompatible change.
 */
public class IncompatibleSessionWorkflow implements SessionWorkflow {

    @Override
    public SessionStatus run(SessionInput input) {
        Workflow.sleep(Duration.ofMinutes(1));
        return SessionStatus.DELETED;
    }

    @Override
    public DesiredStatusChange setDesiredStatus(DesiredStatus desired) {
        return new DesiredStatusChange(desired, 0, false);
    }

    @Override
    public void validateDesiredStatus(DesiredStatus desired) {}

    @Override
    public DesiredStatusChange setDesiredStatusOnEvent(EventCause event, DesiredStatus desired) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void validateDesiredStatusOnEvent(EventCause event, DesiredStatus desired) {}

    @Override
    public TimeslotChange setTimeslotOnEvent(EventCause event, dev.steward.model.Timeslot timeslot) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void validateTimeslotOnEvent(EventCause event, dev.steward.model.Timeslot timeslot) {}

    @Override
    public TimeslotChange setTimeslot(dev.steward.model.Timeslot timeslot) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void validateTimeslot(dev.steward.model.Timeslot timeslot) {}

    @Override
    public OperatorActionResult retryPart(String part) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void validateRetryPart(String part) {}

    @Override
    public OperatorActionResult reconcileNow() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void validateReconcileNow() {}

    @Override
    public long updateSpec(dev.steward.model.SessionSpec spec) {
        return 0;
    }

    @Override
    public void validateSpec(dev.steward.model.SessionSpec spec) {}

    @Override
    public void eventArrived(ArrivedEvent event) {}

    @Override
    public void partChanged(PartReport report) {}

    @Override
    public SessionView tree() {
        return null;
    }
}
