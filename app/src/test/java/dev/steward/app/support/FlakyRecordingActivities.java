package dev.steward.app.support;

import dev.steward.activity.RecordingActivitiesImpl;
import dev.steward.contract.RecordingActivities;
import dev.steward.contract.TransitionRecord;
import dev.steward.model.Condition;
import dev.steward.model.DesiredStatus;
import dev.steward.model.Timeslot;
import dev.steward.store.JsonColumn;
import dev.steward.store.Outbox;
import dev.steward.store.PartRepository;
import dev.steward.store.PodRepository;
import dev.steward.store.SessionRepository;
import dev.steward.store.TransitionRepository;
import dev.steward.telemetry.TransitionMetrics;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.transaction.TransactionOperations;
import io.temporal.activity.Activity;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The real recording activities, except that the first attempt of every session transition fails
 * after its write committed: the worst case for a retry, which must then write nothing twice.
 */
@Singleton
@Replaces(RecordingActivitiesImpl.class)
@Requires(property = "steward.test.flaky-recording", value = "true")
public class FlakyRecordingActivities implements RecordingActivities {

    private final RecordingActivitiesImpl real;
    public final List<UUID> failedAfterWrite = new CopyOnWriteArrayList<>();

    FlakyRecordingActivities(TransactionOperations<Connection> transactions, SessionRepository sessions,
            PartRepository parts, PodRepository pods, TransitionRepository transitions, JsonColumn json,
            TransitionMetrics metrics, Outbox outbox) {
        real = new RecordingActivitiesImpl(transactions, sessions, parts, pods, transitions, json, metrics, outbox);
    }

    @Override
    public void recordTransition(TransitionRecord transition) {
        real.recordTransition(transition);
        boolean firstAttempt = Activity.getExecutionContext().getInfo().getAttempt() == 1;
        if (firstAttempt && transition.kind() == dev.steward.model.ResourceKind.SESSION) {
            failedAfterWrite.add(transition.id());
            throw new IllegalStateException("injected: the connection dropped after the commit");
        }
    }

    @Override
    public void recordSpec(UUID sessionId, dev.steward.model.SessionSpec spec, long generation) {
        real.recordSpec(sessionId, spec, generation);
    }

    @Override
    public void recordDesiredStatus(UUID sessionId, DesiredStatus desiredStatus, long generation) {
        real.recordDesiredStatus(sessionId, desiredStatus, generation);
        if (Activity.getExecutionContext().getInfo().getAttempt() == 1) {
            throw new IllegalStateException("injected: the connection dropped after the commit");
        }
    }

    @Override
    public void recordTimeslot(UUID sessionId, Timeslot timeslot, long generation) {
        real.recordTimeslot(sessionId, timeslot, generation);
    }

    @Override
    public void recordConditions(UUID sessionId, List<Condition> conditions) {
        real.recordConditions(sessionId, conditions);
    }
}
