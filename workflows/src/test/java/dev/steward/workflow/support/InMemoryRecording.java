package dev.steward.workflow.support;

import dev.steward.contract.RecordingActivities;
import dev.steward.contract.TransitionRecord;
import dev.steward.model.Condition;
import dev.steward.model.DesiredStatus;
import dev.steward.model.ResourceKind;
import dev.steward.model.SessionSpec;
import dev.steward.model.Timeslot;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The recording activities in memory. Unlike the real ones it keeps every call, duplicates
 * included, so a test can see whether a transition id was ever used twice.
 */
public final class InMemoryRecording implements RecordingActivities {

    private final List<TransitionRecord> transitions = new CopyOnWriteArrayList<>();
    private final List<RecordedDesiredStatus> desiredStatuses = new CopyOnWriteArrayList<>();
    private final List<Timeslot> timeslots = new CopyOnWriteArrayList<>();
    private final List<List<Condition>> conditions = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch desiredStatusesHeld;
    private volatile boolean away;
    private volatile boolean notInDatabase;
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final java.util.Set<UUID> refusedIds = java.util.concurrent.ConcurrentHashMap.newKeySet();

    @Override
    public void recordTransition(TransitionRecord transition) {
        if (notInDatabase) {
            calls.incrementAndGet();
            throw ApplicationFailure.newNonRetryableFailure("insert or update on table \"state_transitions\" violates"
                    + " foreign key constraint: Key (session_id)=(" + transition.sessionId() + ") is not present in table"
                    + " \"sessions\"", "NotInDatabase");
        }
        if (away) {
            refused.incrementAndGet();
            refusedIds.add(transition.id());
            throw ApplicationFailure.newFailure("connection refused: PostgreSQL is away", "DatabaseAway");
        }
        transitions.add(transition);
        if (transition.conditions() != null) {
            conditions.add(transition.conditions());
        }
    }

    /**
     * Every later transition is refused as the database refuses a write for a session it has no row of: at once,
     * not retryable, type {@code NotInDatabase}.
     */
    public void refuseAsNotInDatabase() {
        notInDatabase = true;
    }

    /** How many transitions were refused as not in the database, each attempt counted. */
    public int refusedAsNotInDatabase() {
        return calls.get();
    }

    /** PostgreSQL goes away: every transition is refused (retryably) until {@link #comeBack()}. */
    public void goAway() {
        away = true;
    }

    public void comeBack() {
        away = false;
    }

    /** Whether every transition refused while PostgreSQL was away has been recorded since: the queues are written. */
    public boolean everyRefusedRecorded() {
        java.util.Set<UUID> recorded = new java.util.HashSet<>();
        transitions.forEach(t -> recorded.add(t.id()));
        return recorded.containsAll(refusedIds);
    }

    /** How many transitions were refused while away, retries included. */
    public int refused() {
        return refused.get();
    }

    @Override
    public void recordSpec(UUID sessionId, dev.steward.model.SessionSpec spec, long generation) {}

    @Override
    public void recordDesiredStatus(UUID sessionId, DesiredStatus desiredStatus, long generation) {
        CountDownLatch held = desiredStatusesHeld;
        if (held != null) {
            try {
                if (!held.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("desired-status recording held for more than 30 s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while held", e);
            }
        }
        desiredStatuses.add(new RecordedDesiredStatus(sessionId, desiredStatus, generation));
    }

    @Override
    public void recordTimeslot(UUID sessionId, Timeslot timeslot, long generation) {
        timeslots.add(timeslot);
    }

    @Override
    public void recordConditions(UUID sessionId, List<Condition> conditions) {
        this.conditions.add(conditions);
    }

    public List<Timeslot> timeslots() {
        return List.copyOf(timeslots);
    }

    public List<List<Condition>> conditions() {
        return List.copyOf(conditions);
    }

    /** Later desired-status recordings block until {@link #releaseDesiredStatuses()}. */
    public void holdDesiredStatuses() {
        desiredStatusesHeld = new CountDownLatch(1);
    }

    public void releaseDesiredStatuses() {
        CountDownLatch held = desiredStatusesHeld;
        desiredStatusesHeld = null;
        if (held != null) {
            held.countDown();
        }
    }

    public List<TransitionRecord> transitions() {
        return List.copyOf(transitions);
    }

    public List<TransitionRecord> sessionTransitions(UUID sessionId) {
        return transitions.stream()
                .filter(t -> t.kind() == ResourceKind.SESSION && t.sessionId().equals(sessionId))
                .toList();
    }

    public List<TransitionRecord> partTransitions(UUID sessionId, String part) {
        return transitions.stream()
                .filter(t -> t.kind() == ResourceKind.PART && t.sessionId().equals(sessionId) && t.part().equals(part))
                .toList();
    }

    public List<TransitionRecord> podTransitions(UUID sessionId, String part, String pod) {
        return transitions.stream()
                .filter(t -> t.kind() == ResourceKind.POD && t.sessionId().equals(sessionId))
                .filter(t -> t.part().equals(part) && t.pod().equals(pod))
                .toList();
    }

    public List<RecordedDesiredStatus> desiredStatuses() {
        return List.copyOf(desiredStatuses);
    }
}
