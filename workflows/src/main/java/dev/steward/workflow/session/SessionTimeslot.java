package dev.steward.workflow.session;

import static dev.steward.workflow.WorkflowClock.now;

import dev.steward.model.DesiredStatus;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.Reason;
import dev.steward.model.SessionStatus;
import dev.steward.model.Timeslot;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;

/**
 * A session's timeslot as its workflow runs it: one timer for the next moment, acting on each moment
 * as it comes (provision, end, teardown, kill), and moving the moments when the timeslot moves.
 */
final class SessionTimeslot {

    private static final Logger log = Workflow.getLogger(SessionTimeslot.class);

    private final UUID sessionId;
    private final SessionState state;
    private final LifecycleSettings lifecycle;
    private final TimeslotSchedule schedule;
    private final Consumer<DesiredStatus> changeDesired;
    private final Runnable kill;

    private CancellationScope timerScope;
    private Promise<Void> timer;
    private Instant timerAt;

    /**
     * @param changeDesired changes the session's desired status, as an operator would
     * @param kill the kill path, for when the kill margin comes
     */
    SessionTimeslot(UUID sessionId, SessionState state, LifecycleSettings lifecycle,
            Consumer<DesiredStatus> changeDesired, Runnable kill) {
        this.sessionId = sessionId;
        this.state = state;
        this.lifecycle = lifecycle;
        this.schedule = new TimeslotSchedule(lifecycle);
        this.changeDesired = changeDesired;
        this.kill = kill;
    }

    /**
     * Arms the one timer for the next moment not acted on yet, unless the loop goes round again at
     * once, and says in the Temporal UI what the workflow waits for.
     */
    void armForNext(boolean goesRoundAtOnce) {
        Optional<TimeslotMoment> next = schedule.next(state.timeslot, state.done);
        if (!goesRoundAtOnce) {
            armTimer(next.map(m -> schedule.at(m, state.timeslot)).orElse(null));
        }
        String moment = next.map(m -> "; next: " + m.name().toLowerCase() + " at "
                + schedule.at(m, state.timeslot)).orElse("; no timeslot moment left");
        Workflow.setCurrentDetails(state.status + " (" + state.reason + "): " + state.message + moment
                + "; waiting for part reports, operator updates or that moment");
    }

    /** One timer, for the next moment; moved when the timeslot moves. */
    private void armTimer(Instant at) {
        boolean fired = timerFired();
        if (!fired && Objects.equals(at, timerAt)) {
            return;
        }
        if (timerScope != null && !fired) {
            timerScope.cancel();
        }
        timerScope = null;
        timer = null;
        timerAt = at;
        if (at == null) {
            return;
        }
        long millis = Math.max(1, Duration.between(now(), at).toMillis() + 1);
        timerScope = Workflow.newCancellationScope(() -> {
            timer = Workflow.newTimer(Duration.ofMillis(millis));
        });
        timerScope.run();
    }

    boolean timerFired() {
        return timer != null && timer.isCompleted();
    }

    /** Acts on every moment whose time has come, in order, once each. */
    void actOnDue() {
        for (TimeslotMoment moment : schedule.due(state.timeslot, state.done, now())) {
            state.done.add(moment);
            switch (moment) {
                case PROVISION -> log.info("session {}: provisioning", sessionId);
                case END -> {
                    if (state.desired == DesiredStatus.RUNNING) {
                        changeDesired.accept(DesiredStatus.STOPPED);
                        state.cause = Reason.TIMESLOT_ENDED.code();
                        state.causeMessage = "endAt " + state.timeslot.endAt() + " has come";
                    }
                }
                case TEARDOWN -> {
                    if (state.desired != DesiredStatus.DELETED) {
                        state.ending = new Ending(SessionStatus.DELETED, Reason.CLEANUP_DEADLINE.code(),
                                "the cleanup deadline " + state.timeslot.cleanupDeadline() + " comes in "
                                        + Duration.between(schedule.at(moment, state.timeslot),
                                                state.timeslot.cleanupDeadline())
                                        + ": removing everything");
                        changeDesired.accept(DesiredStatus.DELETED);
                    }
                }
                case KILL -> kill.run();
            }
        }
    }

    /** Moves the timeslot; a moment moved back into the future is acted on again when it comes. */
    void move(Timeslot requested) {
        state.timeslot = requested;
        Instant now = now();
        state.done.removeIf(m -> m != TimeslotMoment.PROVISION && isAfter(schedule.at(m, requested), now));
    }

    /** Refuses to move a timeslot once teardown has begun, or to a cleanup deadline that has passed. */
    void refuseMove(Timeslot requested) {
        if (state.desired == DesiredStatus.DELETED || state.done.contains(TimeslotMoment.TEARDOWN)) {
            throw new IllegalStateException("the session is being torn down; its timeslot cannot change");
        }
        if (requested.cleanupDeadline() != null && !requested.cleanupDeadline().isAfter(now())) {
            throw new IllegalStateException("cleanupDeadline " + requested.cleanupDeadline() + " has passed");
        }
    }

    private static boolean isAfter(Instant at, Instant now) {
        return at != null && at.isAfter(now);
    }
}
