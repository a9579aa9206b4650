package dev.steward.activity;

import dev.steward.contract.RecordingActivities;
import dev.steward.contract.TransitionRecord;
import dev.steward.model.Condition;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartStatus;
import dev.steward.model.SessionSpec;
import dev.steward.model.Timeslot;
import dev.steward.store.JsonColumn;
import dev.steward.store.Outbox;
import dev.steward.store.OutboxEntry;
import dev.steward.store.PartRepository;
import dev.steward.store.PodRepository;
import dev.steward.store.SessionRepository;
import dev.steward.store.TransitionRepository;
import dev.steward.telemetry.TransitionMetrics;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Writes the read model, the history and the outbox; one transaction per call, so a change lands whole (and
 * leaves Steward) or not at all.
 */
@Singleton
public class RecordingActivitiesImpl implements RecordingActivities {

    private final TransactionOperations<Connection> transactions;
    private final SessionRepository sessions;
    private final PartRepository parts;
    private final PodRepository pods;
    private final TransitionRepository transitions;
    private final JsonColumn json;
    private final TransitionMetrics metrics;
    private final Outbox outbox;

    public RecordingActivitiesImpl(TransactionOperations<Connection> transactions, SessionRepository sessions,
            PartRepository parts, PodRepository pods, TransitionRepository transitions, JsonColumn json,
            TransitionMetrics metrics, Outbox outbox) {
        this.outbox = outbox;
        this.json = json;
        this.metrics = metrics;
        this.transactions = transactions;
        this.sessions = sessions;
        this.parts = parts;
        this.pods = pods;
        this.transitions = transitions;
    }

    @Override
    public void recordTransition(TransitionRecord t) {
        recordTransitions(List.of(t));
    }

    @Override
    public void recordTransitions(List<TransitionRecord> batch) {
        List<TransitionRecord> first = transactions.executeWrite(status -> {
            List<TransitionRecord> inserted = new ArrayList<>(batch.size());
            for (TransitionRecord t : batch) {
                if (apply(t)) {
                    inserted.add(t);
                }
            }
            // Last: the outbox numbers stay locked from here to the commit, so nothing else waits on them long.
            inserted.forEach(t -> outbox.append(status.getConnection(), OutboxEntry.of(t)));
            return inserted;
        });
        first.forEach(metrics::recorded);
    }

    /**
     * Records one transition and the resource's status in the caller's transaction, not yet its outbox
     * entry; false when its id was recorded already.
     */
    private boolean apply(TransitionRecord t) {
        int inserted = transitions.insertIfAbsent(t.id(), t.sessionId(), t.kind().name(), t.resource(), t.from(),
                t.to(), t.reason(), t.message(), t.generation(), t.occurredAt());
        if (inserted == 0) {
            return false; // a retry of a change already recorded: the resource row and the outbox have it too
        }
        Instant now = Instant.now();
        switch (t.kind()) {
            case SESSION -> sessions.updateStatus(t.sessionId(), t.to(), t.reason(), t.message(),
                    t.observedGeneration() == null ? 0 : t.observedGeneration(),
                    t.conditions() == null ? null : json.write(t.conditions()), now);
            case PART -> parts.updateStatus(t.sessionId(), t.part(), t.to(), t.reason(), t.message(),
                    PartStatus.valueOf(t.to()).progressing(), t.occurredAt(), now);
            case POD -> pods.upsertStatus(t.sessionId(), t.part(), t.pod(), t.to(), t.reason(), t.message(),
                    t.containerId(), t.host(), t.restarts() == null ? 0 : t.restarts(),
                    t.lastExit() == null ? null : t.lastExit().code(),
                    t.lastExit() == null ? null : t.lastExit().reason(), t.nextRestartAt(), now);
        }
        return true;
    }

    @Override
    public void recordSpec(UUID sessionId, SessionSpec spec, long generation) {
        sessions.updateSpec(sessionId, json.write(spec), generation, Instant.now());
    }

    @Override
    public void recordDesiredStatus(UUID sessionId, DesiredStatus desiredStatus, long generation) {
        sessions.updateDesiredStatus(sessionId, desiredStatus.name(), generation, Instant.now());
    }

    @Override
    public void recordTimeslot(UUID sessionId, Timeslot timeslot, long generation) {
        sessions.updateTimeslot(sessionId, timeslot.provisionAt(), timeslot.startAt(), timeslot.endAt(),
                timeslot.cleanupDeadline(), generation, Instant.now());
    }

    @Override
    public void recordConditions(UUID sessionId, List<Condition> conditions) {
        sessions.updateConditions(sessionId, json.write(conditions), Instant.now());
    }
}
