package dev.steward.workflow;

import dev.steward.contract.RecordingActivities;
import dev.steward.contract.TransitionRecord;
import dev.steward.model.PodView;
import dev.steward.model.ResourceKind;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Workflow;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.UUID;
import org.slf4j.Logger;

/**
 * Records transitions from workflow code. The id comes from the workflow's deterministic random,
 * so a retried recording activity carries the same id and records once.
 *
 * <p>A transition is written before the workflow goes on. When PostgreSQL does not take it within a
 * short first try, it is queued instead, and so is every later one until the queue is empty: a workflow
 * thread of its own writes them in the order they happened (retrying without a cap) while the workflow
 * goes on converging. {@link #flush()} waits for the queue before the workflow ends or continues as new.
 * Workflows started before the queue wait at each transition until it is written.
 */
public final class TransitionRecorder {

    private static final Logger log = Workflow.getLogger(TransitionRecorder.class);

    private final RecordingActivities recording;
    private final RecordingActivities firstTry =
            Workflow.newActivityStub(RecordingActivities.class, ActivityDefaults.DATABASE_FIRST_TRY);
    private final UUID sessionId;
    private final boolean queuesWhileUnavailable;
    private final Deque<TransitionRecord> pending = new ArrayDeque<>();
    private boolean writing;

    /**
     * @param recording the recording activities, retried without a cap
     * @param queuesWhileUnavailable false for workflows started before the queue
     */
    public TransitionRecorder(RecordingActivities recording, UUID sessionId, boolean queuesWhileUnavailable) {
        this.recording = recording;
        this.sessionId = sessionId;
        this.queuesWhileUnavailable = queuesWhileUnavailable;
    }

    /** Waits until every queued transition is written. */
    public void flush() {
        Workflow.await(() -> pending.isEmpty() && !writing);
    }

    public void session(Enum<?> from, Enum<?> to, String reason, String message, long generation, long observedGeneration) {
        record(ResourceKind.SESSION, null, null, from, to, reason, message, generation, observedGeneration, null);
    }

    public void part(String part, Enum<?> from, Enum<?> to, String reason, String message, long generation) {
        record(ResourceKind.PART, part, null, from, to, reason, message, generation, null, null);
    }

    public void pod(Enum<?> from, String part, PodView pod, long generation) {
        record(ResourceKind.POD, part, pod.name(), from, pod.status(), pod.reason(), pod.message(), generation, null,
                pod);
    }

    private void record(ResourceKind kind, String part, String pod, Enum<?> from, Enum<?> to, String reason,
            String message, long generation, Long observedGeneration, PodView podView) {
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
                podView == null ? null : podView.nextRestartAt()));
    }

    private void write(TransitionRecord transition) {
        if (!queuesWhileUnavailable) {
            recording.recordTransition(transition);
            return;
        }
        if (pending.isEmpty() && !writing) {
            try {
                firstTry.recordTransition(transition);
                return;
            } catch (ActivityFailure unavailable) {
                log.warn("session {}: PostgreSQL did not take a transition ({}); queued, with those after it, while the"
                        + " workflow goes on", sessionId, ActivityFailures.rootMessage(unavailable));
            }
        }
        pending.add(transition);
        if (!writing) {
            writing = true;
            // Detached: a workflow being cancelled still writes what happened to it.
            Workflow.newDetachedCancellationScope(() -> Async.procedure(this::writePending)).run();
        }
    }

    private void writePending() {
        while (!pending.isEmpty()) {
            TransitionRecord next = pending.peek();
            try {
                recording.recordTransition(next);
            } catch (ActivityFailure refused) {
                // Retries are uncapped: only a refusal ends them, and such a record can never be written.
                log.error("session {}: transition {} could not be recorded: {}", sessionId, next.id(),
                        ActivityFailures.rootMessage(refused));
            }
            pending.poll();
        }
        writing = false;
        log.info("session {}: PostgreSQL took every queued transition", sessionId);
    }
}
