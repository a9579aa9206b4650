package dev.steward.workflow;

import dev.steward.contract.DatabaseRefusals;
import dev.steward.contract.RecordingActivities;
import dev.steward.contract.TransitionRecord;
import dev.steward.model.Condition;
import dev.steward.model.PodView;
import dev.steward.model.ResourceKind;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * Records transitions from workflow code. The id comes from the workflow's deterministic random,
 * so a retried recording activity carries the same id and records once.
 *
 * <p>How a transition is written depends on the workflow ({@link Mode}): before the workflow goes on,
 * but queued when PostgreSQL does not take it within a short first try (sessions); or behind the
 * workflow's back, in order, many in one write, while the workflow goes on acting on the engine (parts:
 * {@link #awaitWritten()} waits for them before the workflow tells anyone what they say).
 * {@link #flush()} waits for every queued one before the workflow ends or continues as new.
 *
 * <p>A write the database refuses because the session has no row in this deployment's database
 * ({@code NotInDatabase}: another deployment's workflow, or rows deleted under it) can never succeed: the
 * recorder says so once, writes nothing more, and the workflow fails at the next point its loop looks
 * ({@link #failIfNotInDatabase()}), whichever thread met the refusal. Another refusal (a constraint, bad data)
 * loses only the refused records.
 */
public final class TransitionRecorder {

    /** How transitions are written. */
    public enum Mode {
        /**
         * Each is written before the workflow goes on; one PostgreSQL does not take within a short first
         * try is queued, and so is every later one until the queue is empty: a workflow thread of its own
         * writes them in the order they happened (retrying without a cap) while the workflow goes on.
         */
        QUEUES_WHILE_UNAVAILABLE,
        /**
         * Every transition is queued and the workflow goes on at once; a workflow thread of its own writes
         * what is queued in one activity (one transaction), in order, so several transitions cost one round
         * trip, and writing overlaps the engine calls unless its first try is local (then the task that
         * issues them completes once the write is done). Past a short first try it retries without a cap.
         */
        WRITES_BEHIND
    }

    private static final Logger log = Workflow.getLogger(TransitionRecorder.class);

    private final Supplier<RecordingActivities> recording;
    private final RecordingActivities firstTry;
    private final UUID sessionId;
    private final Mode mode;
    private final Deque<TransitionRecord> pending = new ArrayDeque<>();
    private boolean writing;
    /** A write behind failed its first try: until it succeeds, {@link #awaitWritten()} does not wait. */
    private boolean unavailable;
    /** Why the session is not in this deployment's database, once a write said so; then nothing more is written. */
    private String notInDatabase;
    /** The history length of the workflow task whose writes wait for the next task ({@link #holdUntilNextTask}), or -1. */
    private long heldInTask = -1;
    /** The work of a pass the workflow waits for ({@link #awaitPass}), or {@code null}. */
    private Promise<Void> passWork;

    /**
     * @param recording the recording activities, retried without a cap; asked for when a first try failed
     * @param localFirstTry whether a write's first try is a local activity, with no round trip to the server
     *     before and after it: the workflow task that queued it goes on once it is written, in the same task
     */
    public TransitionRecorder(Supplier<RecordingActivities> recording, UUID sessionId, Mode mode, boolean localFirstTry) {
        this.recording = recording;
        this.firstTry = localFirstTry
                ? Workflow.newLocalActivityStub(RecordingActivities.class, ActivityDefaults.LOCAL_DATABASE_FIRST_TRY)
                : Workflow.newActivityStub(RecordingActivities.class, ActivityDefaults.DATABASE_FIRST_TRY);
        this.sessionId = sessionId;
        this.mode = mode;
    }

    /**
     * Writing behind, waits until every transition recorded so far is written, unless PostgreSQL did
     * not take the last write at its first try: then the workflow goes on (as a queued transition lets
     * it) and the writes follow once PostgreSQL is back. Queuing while unavailable, every transition is written
     * or queued by now: nothing to wait for.
     */
    public void awaitWritten() {
        heldInTask = -1;
        if (mode == Mode.WRITES_BEHIND) {
            Workflow.await(() -> (pending.isEmpty() && !writing) || unavailable || notInDatabase != null);
        }
        failIfNotInDatabase();
    }

    /** Waits until every queued transition is written. */
    public void flush() {
        heldInTask = -1;
        Workflow.await(this::idle);
        failIfNotInDatabase();
    }

    /** Nothing is queued and nothing is being written, or nothing more will be: the session is not in the database. */
    public boolean idle() {
        return (pending.isEmpty() && !writing) || notInDatabase != null;
    }

    /** Whether a write found that the session has no row in this deployment's database. */
    public boolean notInDatabase() {
        return notInDatabase != null;
    }

    /**
     * Writing behind, what this workflow task queues is first tried in the next task, or as soon as the workflow
     * waits for it ({@link #awaitWritten()}, {@link #flush()}): a local first try holds the task, and the engine
     * calls it issues, until it is done. For a task whose engine calls are sure to answer, and so to bring the
     * next task.
     */
    public void holdUntilNextTask() {
        heldInTask = Workflow.getInfo().getHistoryLength();
    }

    /**
     * Waits for a pass's work, as {@code work.get()}. Once that work is done, a write waits until the workflow goes
     * on past it: what the rest of the pass queues (the workflow's own status, after its pods') goes in the same
     * write, one write for the task rather than one for the pods and another for the rest.
     */
    public void awaitPass(Promise<Void> work) {
        passWork = work;
        try {
            work.get();
        } finally {
            passWork = null;
        }
    }

    /**
     * Fails the workflow when a write found that its session has no row in this deployment's database: called
     * by the loop, in the workflow's main thread, so the run fails rather than one of its threads.
     */
    public void failIfNotInDatabase() {
        if (notInDatabase != null) {
            throw ApplicationFailure.newNonRetryableFailure(notInDatabase, DatabaseRefusals.NOT_IN_DATABASE);
        }
    }

    /**
     * Takes a write the database refused for good: a {@code NotInDatabase} one is remembered (said once) for the
     * loop to fail on; another is said and dropped. Other failures are thrown on.
     */
    public void refused(ActivityFailure failure, String what) {
        if (ActivityFailures.isNotInDatabase(failure)) {
            if (notInDatabase == null) {
                notInDatabase = "session " + sessionId + " is not in this deployment's database (its workflow is"
                        + " another deployment's, or its rows were deleted): the database refused " + what + " ("
                        + ActivityFailures.rootMessage(failure) + "); the workflow fails, nothing is retried";
                log.error(notInDatabase);
                pending.clear();
            }
            return;
        }
        log.error("session {}: {} could not be recorded: {}", sessionId, what, ActivityFailures.rootMessage(failure));
    }

    /** A session's change; {@code conditions} when they change with it and are written with it, else {@code null}. */
    public void session(Enum<?> from, Enum<?> to, String reason, String message, long generation, long observedGeneration,
            List<Condition> conditions) {
        record(ResourceKind.SESSION, null, null, from, to, reason, message, generation, observedGeneration, null, null,
                conditions);
    }

    /** A part's change; {@code passes} as its own workflow counts them, or {@code null} from the session. */
    public void part(String part, Enum<?> from, Enum<?> to, String reason, String message, long generation, Long passes) {
        record(ResourceKind.PART, part, null, from, to, reason, message, generation, null, null, passes, null);
    }

    public void pod(Enum<?> from, String part, PodView pod, long generation) {
        record(ResourceKind.POD, part, pod.name(), from, pod.status(), pod.reason(), pod.message(), generation, null,
                pod, null, null);
    }

    private void record(ResourceKind kind, String part, String pod, Enum<?> from, Enum<?> to, String reason,
            String message, long generation, Long observedGeneration, PodView podView, Long passes,
            List<Condition> conditions) {
        write(new TransitionRecord(
                Workflow.randomUUID(),
                sessionId,
                kind,
                part,
                pod,
                from == null ? null : from.name(),
                to.name(),
                reason,
                message,
                generation,
                observedGeneration,
                podView == null ? null : podView.containerId(),
                podView == null ? null : podView.host(),
                WorkflowClock.now(),
                podView == null ? null : podView.restarts(),
                podView == null ? null : podView.lastExit(),
                podView == null ? null : podView.nextRestartAt(),
                passes,
                conditions));
    }

    private void write(TransitionRecord transition) {
        if (notInDatabase != null) {
            return;
        }
        if (mode == Mode.QUEUES_WHILE_UNAVAILABLE && pending.isEmpty() && !writing) {
            try {
                firstTry.recordTransition(transition);
                return;
            } catch (ActivityFailure failure) {
                if (ActivityFailures.isNotInDatabase(failure)) {
                    // Written by the loop itself: it fails here and now.
                    refused(failure, "transition " + transition.id());
                    failIfNotInDatabase();
                }
                warnUnavailable(failure);
            }
        }
        pending.add(transition);
        if (!writing) {
            writing = true;
            // Detached: a workflow being cancelled still writes what happened to it.
            Workflow.newDetachedCancellationScope(() -> Async.procedure(
                    mode == Mode.WRITES_BEHIND ? this::writeBehind : this::writePending)).run();
        }
    }

    private void warnUnavailable(ActivityFailure failure) {
        log.warn("session {}: PostgreSQL did not take a transition ({}); queued, with those after it, while the"
                + " workflow goes on", sessionId, ActivityFailures.rootMessage(failure));
    }

    private void writePending() {
        while (!pending.isEmpty()) {
            TransitionRecord next = pending.peek();
            try {
                recording.get().recordTransition(next);
            } catch (ActivityFailure failure) {
                // Retries are uncapped: only a refusal ends them, and such a record can never be written.
                refused(failure, "transition " + next.id());
            }
            pending.poll();
        }
        writing = false;
        if (notInDatabase == null) {
            log.info("session {}: PostgreSQL took every queued transition", sessionId);
        }
    }

    /** Writes what is queued, all of it at a time, until nothing is. */
    private void writeBehind() {
        while (!pending.isEmpty()) {
            if (heldInTask >= 0) {
                Workflow.await(() -> heldInTask < 0 || Workflow.getInfo().getHistoryLength() != heldInTask);
                heldInTask = -1;
            }
            if (passWork != null && passWork.isCompleted()) {
                // The workflow's thread is about to go on with the rest of its pass: its writes join this one.
                Workflow.await(() -> passWork == null || !passWork.isCompleted());
            }
            List<TransitionRecord> batch = List.copyOf(pending);
            try {
                (unavailable ? recording.get() : firstTry).recordTransitions(batch);
                if (unavailable) {
                    unavailable = false;
                    log.info("session {}: PostgreSQL took every queued transition", sessionId);
                }
            } catch (ActivityFailure failure) {
                if (ActivityFailures.isNotInDatabase(failure)) {
                    refused(failure, batch.size() + " transitions from " + batch.get(0).id());
                    break;
                }
                if (!unavailable) {
                    unavailable = true;
                    warnUnavailable(failure);
                    continue; // the same batch again, now retried without a cap
                }
                // Retries are uncapped: only a refusal ends them, and such records can never be written.
                refused(failure, batch.size() + " transitions from " + batch.get(0).id());
            }
            batch.forEach(written -> pending.poll());
        }
        writing = false;
    }
}
