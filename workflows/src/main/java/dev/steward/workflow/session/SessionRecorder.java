package dev.steward.workflow.session;

import dev.steward.contract.RecordingActivities;
import dev.steward.model.Condition;
import dev.steward.model.DesiredStatus;
import dev.steward.model.Reason;
import dev.steward.model.SessionConditions;
import dev.steward.model.SessionSpec;
import dev.steward.model.Timeslot;
import dev.steward.workflow.TransitionRecorder;
import dev.steward.workflow.WorkflowClock;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Workflow;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Records what a session is and wants, and shows it in Temporal: its status with its conditions, its
 * desired status, generation, timeslot and spec; its search attributes and memo.
 *
 * <p>Update handlers write nothing themselves: they {@link #ask} for a record and wait until it is
 * {@link #written}. The main loop {@link #writeAsked() hands what was asked} to a workflow thread of
 * the recorder's own, which writes it in order while the loop goes on, so a database that is slow or away
 * holds up neither the loop nor its teardown; the loop continues as new or ends only once the recorder
 * is {@link #idle()}.
 */
final class SessionRecorder {

    /** What an update asks to have recorded. */
    enum Asked { DESIRED_STATUS, GENERATION, TIMESLOT, SPEC }

    private final RecordingActivities recording;
    private final TransitionRecorder transitions;
    private final UUID sessionId;
    private final String owner;
    private final SessionState state;
    /** Whether a status change carries the session's conditions into its transition's write, rather than an activity of its own. */
    private final boolean conditionsWithStatus;

    private final EnumSet<Asked> asked = EnumSet.noneOf(Asked.class);
    /** Records asked for so far, and written so far: a handler waits until its ticket is written. */
    private long tickets;
    private long written;
    private final Deque<Write> queue = new ArrayDeque<>();
    private boolean writing;
    private SessionSpec spec;

    private record Write(long ticket, Runnable write) {}

    SessionRecorder(RecordingActivities recording, TransitionRecorder transitions, UUID sessionId, String owner,
            SessionState state, boolean conditionsWithStatus) {
        this.recording = recording;
        this.conditionsWithStatus = conditionsWithStatus;
        this.transitions = transitions;
        this.sessionId = sessionId;
        this.owner = owner;
        this.state = state;
    }

    /** Records the session's new status as a transition, and its conditions with it. */
    void status(StatusRecord to) {
        List<Condition> next = SessionConditions.of(state.conditions, to.status(), to.reason(), to.message(),
                WorkflowClock.now());
        List<Condition> changed = next.equals(state.conditions) ? null : next;
        transitions.session(state.status, to.status(), to.reason(), to.message(), state.generation,
                to.observedGeneration(), conditionsWithStatus ? changed : null);
        state.status = to.status();
        state.reason = to.reason();
        state.message = to.message();
        state.observedGeneration = to.observedGeneration();
        state.conditions = next;
        if (changed != null && !conditionsWithStatus) {
            enqueue(() -> recording.recordConditions(sessionId, changed));
        }
        Workflow.upsertTypedSearchAttributes(SessionSearchAttributes.STATUS.valueSet(state.status.name()));
    }

    /** Goes on from where the read model left the session, and records that its workflow was resumed. */
    void resumed(ResumedFrom from) {
        state.resumed = true;
        state.status = from.status();
        // What the lost run knew of CloudEvents, as the read model kept it.
        from.appliedEvents().forEach(key -> state.appliedEvents.add(key));
        from.arrivedEvents().forEach(cause -> state.arrive(new ArrivedEvent(cause, null)));
        status(new StatusRecord(from.status(), Reason.RESUMED.code(), "the session's workflow was missing from"
                + " Temporal; resumed from the read model, adopting what it finds on the engines",
                from.observedGeneration()));
    }

    /**
     * Asks for a record of what changed; no activity runs here, so update handlers may ask.
     *
     * @param spec the session's new spec, for {@link Asked#SPEC}; else ignored
     * @return the ticket to wait for with {@link #written}
     */
    long ask(Asked what, SessionSpec spec) {
        asked.add(what);
        if (what == Asked.SPEC) {
            this.spec = spec;
        }
        return ++tickets;
    }

    long ask(Asked what) {
        return ask(what, null);
    }

    /** Whether something was asked for that the main loop has not handed to the writer yet. */
    boolean anyAsked() {
        return !asked.isEmpty();
    }

    /** Whether every record up to {@code ticket} is written. */
    boolean written(long ticket) {
        return written >= ticket;
    }

    /** Nothing asked and nothing left to write. */
    boolean idle() {
        return asked.isEmpty() && queue.isEmpty() && !writing;
    }

    /**
     * The main loop hands what was asked to the writer, with the values the session has now, and shows the
     * change in Temporal (search attributes, memo).
     */
    void writeAsked() {
        if (asked.isEmpty()) {
            return;
        }
        long ticket = tickets;
        DesiredStatus desired = state.desired;
        long generation = state.generation;
        if (asked.contains(Asked.SPEC)) {
            SessionSpec newSpec = spec;
            enqueue(() -> recording.recordSpec(sessionId, newSpec, generation));
            Workflow.upsertTypedSearchAttributes(
                    SessionSearchAttributes.LABELS.valueSet(SessionSearchAttributes.labels(newSpec.labels())));
        }
        if (asked.contains(Asked.DESIRED_STATUS) || asked.contains(Asked.GENERATION)) {
            enqueue(() -> recording.recordDesiredStatus(sessionId, desired, generation));
        }
        if (asked.contains(Asked.DESIRED_STATUS)) {
            Workflow.upsertTypedSearchAttributes(SessionSearchAttributes.DESIRED_STATUS.valueSet(desired.name()));
        }
        if (asked.contains(Asked.TIMESLOT)) {
            Timeslot timeslot = state.timeslot;
            enqueue(() -> recording.recordTimeslot(sessionId, timeslot, generation));
            memo();
        }
        asked.clear();
        spec = null;
        queue.add(new Write(ticket, () -> { }));
        startWriter();
    }

    /** Shows the session's status and desired status in Temporal, and its owner and timeslot in the memo. */
    void show() {
        Workflow.upsertTypedSearchAttributes(SessionSearchAttributes.STATUS.valueSet(state.status.name()),
                SessionSearchAttributes.DESIRED_STATUS.valueSet(state.desired.name()));
        memo();
    }

    private void enqueue(Runnable write) {
        queue.add(new Write(written, write));
        startWriter();
    }

    private void startWriter() {
        if (!writing) {
            writing = true;
            // Detached: a workflow being cancelled still records what happened to it.
            Workflow.newDetachedCancellationScope(() -> Async.procedure(this::writeQueue)).run();
        }
    }

    /**
     * Writes what is queued, in order, until nothing is; each write retries without a cap, so only a refusal
     * ends one early: the transitions' recorder takes it (a session not in the database fails its run).
     */
    private void writeQueue() {
        while (!queue.isEmpty()) {
            Write next = queue.peek();
            try {
                next.write().run();
            } catch (ActivityFailure refused) {
                transitions.refused(refused, "a record of the session");
            }
            queue.poll();
            written = Math.max(written, next.ticket());
        }
        writing = false;
    }

    private void memo() {
        Map<String, Object> memo = new LinkedHashMap<>();
        memo.put("owner", owner);
        memo.put("timeslot", state.timeslot);
        Workflow.upsertMemo(memo);
    }
}
