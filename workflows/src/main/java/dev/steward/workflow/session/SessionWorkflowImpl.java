package dev.steward.workflow.session;

import dev.steward.contract.RecordingActivities;
import dev.steward.model.DesiredStatus;
import dev.steward.model.EventCause;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.Reason;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.workflow.ActivityDefaults;
import dev.steward.workflow.ChangeIds;
import dev.steward.workflow.TransitionRecorder;
import dev.steward.workflow.part.PartReport;
import dev.steward.workflow.part.PartWorkflow;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The entity workflow of one session: runs its timeslot as timers, starts a {@link PartWorkflow}
 * per part in order and by gate, cascades the desired status down to them, rolls their reports up
 * into the session's status and conditions, escalates failed parts by their policy, and continues
 * as new, carrying its whole {@link SessionState}, before its history grows long.
 *
 * <p>The loop observes, asks the {@link SessionPlanner} for a plan and acts through its collaborators.
 * It asks again before every act: each act changes what the next one sees, and handlers run while an
 * act waits.
 */
public class SessionWorkflowImpl implements SessionWorkflow {

    private final RecordingActivities recording =
            Workflow.newActivityStub(RecordingActivities.class, ActivityDefaults.database(Duration.ofSeconds(30)));
    private final SessionPlanner planner = new SessionPlanner();

    private UUID sessionId;
    private SessionSpec spec;
    private LifecycleSettings lifecycle;
    /**
     * What a handler that runs before run() has read its input sees (a signal or update in the first
     * task); run() replaces it with the first run's state or the one carried over continue-as-new.
     */
    private SessionState state = new SessionState();

    private TransitionRecorder transitions;
    private SessionRecorder records;
    private SessionParts parts;
    private SessionEvents events;
    private SessionTimeslot timeslots;
    private ForcedRemoval forcedRemoval;
    private VolumeRemoval volumeRemoval;

    /** Set by every handler that changes state; the main loop re-evaluates when it is set. */
    private boolean dirty = true;
    /** The kill path ran: the session has ended, whatever its parts report. */
    private boolean forced;
    /** What handlers asked the parts, for the main loop to send: a reconcile, the new spec, parts to retry. */
    private boolean reconcileAsked;
    private boolean specAsked;
    private final java.util.ArrayDeque<String> retriesAsked = new java.util.ArrayDeque<>();

    @Override
    public SessionStatus run(SessionInput input) {
        sessionId = input.sessionId();
        spec = input.spec();
        lifecycle = input.lifecycle();
        state = input.carried() != null ? input.carried() : SessionState.first(spec, input.generation());
        boolean localFirstWrites =
                Workflow.getVersion(ChangeIds.SESSION_LOCAL_FIRST_WRITES, Workflow.DEFAULT_VERSION, 1) == 1;
        transitions = new TransitionRecorder(() -> recording, sessionId, TransitionRecorder.Mode.QUEUES_WHILE_UNAVAILABLE,
                localFirstWrites);
        boolean conditionsWithStatus =
                Workflow.getVersion(ChangeIds.SESSION_CONDITIONS_WITH_STATUS, Workflow.DEFAULT_VERSION, 1) == 1;
        records = new SessionRecorder(recording, transitions, sessionId, spec.owner(), state, conditionsWithStatus);
        events = new SessionEvents(sessionId, state);
        boolean partsTogether =
                Workflow.getVersion(ChangeIds.SESSION_PARTS_STARTED_TOGETHER, Workflow.DEFAULT_VERSION, 1) == 1;
        parts = new SessionParts(sessionId, state, input.settings(), planner, transitions, events,
                lifecycle.continueAsNewAfterEvents(), partsTogether);
        forcedRemoval = new ForcedRemoval(sessionId, state, lifecycle);
        volumeRemoval = new VolumeRemoval(sessionId, state, lifecycle);
        timeslots = new SessionTimeslot(sessionId, state, lifecycle, desired -> changeDesired(desired), this::kill);
        if (input.carried() == null && input.resumedFrom() != null) {
            records.resumed(input.resumedFrom());
        }
        records.show();
        while (true) {
            if (Workflow.getInfo().isContinueAsNewSuggested()
                    || Workflow.getInfo().getHistoryLength() >= lifecycle.continueAsNewAfterEvents()) {
                // Handlers still running would lose their callers: carry everything once none runs and all is written.
                settle();
                Workflow.continueAsNew(new SessionInput(sessionId, spec, state.generation, input.settings(), lifecycle,
                        state));
            }
            awaitWork();
            transitions.failIfNotInDatabase();
            dirty = false;
            parts.seeClosed();
            timeslots.actOnDue();
            if (isTerminal()) {
                break;
            }
            escalate();
            actOnAsked();
            parts.restartDue(() -> spec.parts());
            parts.startOrShow(plan().unstarted(), () -> spec.parts());
            parts.completeOnEvents(spec.parts());
            if (state.cascadedGeneration != state.generation) {
                // Record the new intent (STOPPING, ...) before any part can act on it.
                rollUp();
                parts.cascade();
            }
            rollUp();
            if (isTerminal()) {
                break;
            }
        }
        // An update's handler may still wait for its change to be recorded; closing now would fail its caller.
        settle();
        return state.status;
    }

    /**
     * Waits until no handler runs and everything is written, acting meanwhile on what handlers ask; returns with
     * both true at once, so no handler can start between this and the run's end or continue-as-new.
     */
    private void settle() {
        while (true) {
            Workflow.await(() -> anyAsked()
                    || (Workflow.isEveryHandlerFinished() && transitions.idle() && records.idle()));
            transitions.failIfNotInDatabase();
            if (!anyAsked()) {
                return;
            }
            actOnAsked();
        }
    }

    /** Whether a handler asked for something only the main loop does: a record, events to keep, or signals to parts. */
    private boolean anyAsked() {
        return records.anyAsked() || events.anyUnkept() || reconcileAsked || specAsked || !retriesAsked.isEmpty();
    }

    /**
     * Records what handlers and the loop changed, keeps the events handlers took, and tells the parts what
     * handlers asked them.
     */
    private void actOnAsked() {
        records.writeAsked();
        events.keep();
        if (specAsked) {
            specAsked = false;
            parts.updateSpec(spec);
        }
        while (!retriesAsked.isEmpty()) {
            parts.retryFailedPods(retriesAsked.removeFirst());
        }
        if (reconcileAsked) {
            reconcileAsked = false;
            parts.reconcileNow();
        }
    }

    /** Waits until the main loop has recorded what the handler asked for. */
    private void awaitRecorded(long ticket) {
        dirty = true;
        Workflow.await(() -> records.written(ticket));
    }

    // ---- handlers

    /** A signal or update can arrive in the workflow's first task, before run() has read its input. */
    private void awaitRunStarted() {
        Workflow.await(() -> sessionId != null);
    }

    @Override
    public DesiredStatusChange setDesiredStatus(DesiredStatus requested) {
        awaitRunStarted();
        if (requested == state.desired) {
            return new DesiredStatusChange(state.desired, state.generation, false);
        }
        long ticket = changeDesired(requested);
        state.cause = null;
        DesiredStatusChange change = new DesiredStatusChange(state.desired, state.generation, true);
        awaitRecorded(ticket);
        return change;
    }

    @Override
    public void validateDesiredStatus(DesiredStatus requested) {
        SessionRequestChecks.refuseDesiredStatus(state, requested);
    }

    @Override
    public DesiredStatusChange setDesiredStatusOnEvent(EventCause event, DesiredStatus requested) {
        awaitRunStarted();
        if (!events.applyOnce(event)) {
            return new DesiredStatusChange(state.desired, state.generation, false);
        }
        // Applied even when it changes nothing: the loop keeps it.
        dirty = true;
        if (requested == state.desired) {
            return new DesiredStatusChange(state.desired, state.generation, false);
        }
        long ticket = changeDesired(requested);
        state.cause = Reason.EVENT.code();
        state.causeMessage = event.describe();
        DesiredStatusChange change = new DesiredStatusChange(state.desired, state.generation, true);
        awaitRecorded(ticket);
        return change;
    }

    @Override
    public void validateDesiredStatusOnEvent(EventCause event, DesiredStatus requested) {
        validateDesiredStatus(requested);
    }

    @Override
    public TimeslotChange setTimeslotOnEvent(EventCause event, Timeslot requested) {
        if (!events.applyOnce(event)) {
            return new TimeslotChange(state.timeslot, state.generation);
        }
        return setTimeslot(requested);
    }

    @Override
    public void validateTimeslotOnEvent(EventCause event, Timeslot requested) {
        validateTimeslot(requested);
    }

    @Override
    public TimeslotChange setTimeslot(Timeslot requested) {
        timeslots.move(requested);
        state.generation++;
        TimeslotChange change = new TimeslotChange(state.timeslot, state.generation);
        awaitRecorded(records.ask(SessionRecorder.Asked.TIMESLOT));
        return change;
    }

    @Override
    public void validateTimeslot(Timeslot requested) {
        SessionRequestChecks.refuseMalformedTimeslot(requested);
        // Before run() has read its input there is no timeslot to move.
        if (sessionId == null) {
            throw new IllegalStateException("the session has not started yet; repeat the request");
        }
        SessionRequestChecks.refuseAfterDeadline(state);
        timeslots.refuseMove(requested);
    }

    @Override
    public OperatorActionResult retryPart(String part) {
        awaitRunStarted();
        state.generation++;
        retriesAsked.add(part);
        OperatorActionResult result = new OperatorActionResult("retry-part", part, state.generation);
        awaitRecorded(records.ask(SessionRecorder.Asked.GENERATION));
        return result;
    }

    @Override
    public void validateRetryPart(String part) {
        SessionRequestChecks.refuseRetryPart(state, part);
    }

    @Override
    public OperatorActionResult reconcileNow() {
        awaitRunStarted();
        reconcileAsked = true;
        dirty = true;
        return new OperatorActionResult("reconcile", sessionId.toString(), state.generation);
    }

    @Override
    public void validateReconcileNow() {
        SessionRequestChecks.refuseAfterDeadline(state);
        if (isTerminal()) {
            throw new IllegalStateException("the session has ended " + state.status);
        }
    }

    @Override
    public long updateSpec(SessionSpec newSpec) {
        state.generation++;
        // The new labels and volumes are kept too: they change no command, so replay is unaffected.
        spec = new SessionSpec(spec.owner(), state.desired, newSpec.parts(), spec.timeslot(), spec.restart(),
                newSpec.labels(), newSpec.volumes());
        specAsked = true;
        long generation = state.generation;
        awaitRecorded(records.ask(SessionRecorder.Asked.SPEC, spec));
        return generation;
    }

    @Override
    public void validateSpec(SessionSpec newSpec) {
        SessionRequestChecks.refuseSpec(state, spec, newSpec);
    }

    @Override
    public void eventArrived(ArrivedEvent event) {
        awaitRunStarted();
        if (events.arrive(event)) {
            dirty = true;
        }
    }

    @Override
    public void partChanged(PartReport report) {
        state.report(report);
        dirty = true;
    }

    @Override
    public SessionView tree() {
        return new SessionView(sessionId, spec.owner(), state.desired, state.status, state.reason, state.message,
                state.generation, state.observedGeneration, state.timeslot, state.conditions,
                state.parts.values().stream().map(PartReport::part).toList());
    }

    // ---- the main loop's steps

    /**
     * Waits until a handler changed something, a timeslot moment came, a part closed, a closed part is due
     * to start again, or the last children closed.
     */
    private void awaitWork() {
        timeslots.armForNext(dirty);
        Supplier<Boolean> work = () -> dirty || timeslots.timerFired() || isTerminal() || parts.anyClosedUnseen()
                || transitions.notInDatabase();
        Long restartAt = parts.nextRestartAt();
        if (restartAt == null) {
            Workflow.await(work);
        } else if (restartAt > Workflow.currentTimeMillis()) {
            Workflow.await(Duration.ofMillis(restartAt - Workflow.currentTimeMillis()), work);
        }
    }

    private SessionPlan plan() {
        return planner.plan(state.observe(spec.parts()));
    }

    /** A failed part whose policy is to abort tears the whole session down. */
    private void escalate() {
        Ending abort = plan().abort();
        if (abort != null) {
            state.ending = abort;
            changeDesired(DesiredStatus.DELETED);
        }
    }

    private void rollUp() {
        StatusRecord to = plan().status();
        if (to != null) {
            if (ends(to.status())) {
                // Its parts are gone: the volumes go before the session says it has ended.
                volumeRemoval.run(spec);
            }
            records.status(to);
            if (Reason.EVENT.code().equals(state.cause) && to.observedGeneration() == state.generation) {
                // Converged: what follows is no longer the event's doing.
                state.cause = null;
            }
        }
    }

    /** @return the ticket of its record */
    private long changeDesired(DesiredStatus to) {
        state.changeDesired(to);
        dirty = true;
        return records.ask(SessionRecorder.Asked.DESIRED_STATUS);
    }

    /** The kill path, unless the session has ended already; it ends EXPIRED whatever the parts report. */
    private void kill() {
        if (!isTerminal()) {
            state.ending = forcedRemoval.run();
            forced = true;
            records.status(new StatusRecord(state.ending.status(), state.ending.reason(), state.ending.message(),
                    state.observedGeneration));
        }
    }

    private boolean isTerminal() {
        return forced || (ends(state.status) && parts.closed());
    }

    /** Whether the session has ended once it has this status: every part is gone. */
    private boolean ends(SessionStatus status) {
        return status == SessionStatus.DELETED || (state.ending != null && status == state.ending.status());
    }
}
