package dev.steward.telemetry;

import dev.steward.contract.MetricNames;
import dev.steward.contract.TransitionRecord;
import dev.steward.model.PodStatus;
import dev.steward.model.Reason;
import dev.steward.model.SessionStatus;
import dev.steward.store.SessionRepository;
import dev.steward.store.TransitionRepository;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Set;

/**
 * Metrics read off the transitions as they are recorded: every status change passes through the
 * recording activity once, so it sees each start, repair, restart and crash loop exactly once,
 * and the workflows stay free of anything but Temporal's own metrics scope.
 */
@Singleton
public class TransitionMetrics {

    /** Why a pod leaves READY when its container exited or vanished: where a repair begins. */
    private static final Set<String> CONTAINER_LOST = Set.of(Reason.BACK_OFF.code(), Reason.BACK_OFF_ELAPSED.code(),
            Reason.CONTAINER_MISSING.code(), Reason.NOT_RUNNING.code());

    private final SessionRepository sessions;
    private final TransitionRepository transitions;
    private final Timer startup;
    private final Timer repair;
    private final Counter restarts;
    private final Counter crashLoops;
    private final MeterRegistry registry;

    public TransitionMetrics(MeterRegistry registry, SessionRepository sessions, TransitionRepository transitions) {
        this.sessions = sessions;
        this.transitions = transitions;
        this.registry = registry;
        startup = Timer.builder(MetricNames.SESSION_STARTUP)
                .description("from a session's creation to its first RUNNING").register(registry);
        repair = Timer.builder(MetricNames.POD_REPAIR)
                .description("from a pod leaving READY because its container exited or vanished to READY again")
                .register(registry);
        restarts = Counter.builder(MetricNames.POD_RESTARTS)
                .description("exited containers started again after their backoff").register(registry);
        crashLoops = Counter.builder(MetricNames.POD_CRASH_LOOPS)
                .description("pods that failed with CrashLoopBackOff").register(registry);
    }

    /** Called once per transition, after it was recorded for the first time. */
    public void recorded(TransitionRecord t) {
        switch (t.kind()) {
            case SESSION -> {
                if (SessionStatus.RUNNING.name().equals(t.to())) {
                    sessionRunning(t);
                }
            }
            case POD -> pod(t);
            case PART -> part(t);
        }
    }

    /** How many reconcile passes each part took to reach each status: a part that needs many shows here. */
    private void part(TransitionRecord t) {
        if (t.passes() != null) {
            DistributionSummary.builder(MetricNames.PART_PASSES)
                    .description("the reconcile passes a part's workflow had run when the part reached the status")
                    .tag("status", t.to())
                    .register(registry)
                    .record(t.passes());
        }
    }

    private void sessionRunning(TransitionRecord t) {
        boolean first = transitions.countSessionTransitionsTo(t.sessionId(), SessionStatus.RUNNING.name()) == 1;
        if (first) {
            sessions.findCreatedAtById(t.sessionId())
                    .ifPresent(created -> startup.record(Duration.between(created, t.occurredAt())));
        }
    }

    private void pod(TransitionRecord t) {
        if (Reason.BACK_OFF_ELAPSED.is(t.reason())) {
            restarts.increment();
        } else if (Reason.CRASH_LOOP_BACK_OFF.is(t.reason())) {
            crashLoops.increment();
        }
        if (PodStatus.READY.name().equals(t.to())) {
            transitions.findLastLeavingReady(t.sessionId(), t.resource())
                    .filter(left -> CONTAINER_LOST.contains(left.reason()))
                    .ifPresent(left -> repair.record(Duration.between(left.occurredAt(), t.occurredAt())));
        }
    }
}
