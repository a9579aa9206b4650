package dev.steward.workflow.session;

import dev.steward.model.DesiredStatus;
import dev.steward.model.EventAwait;
import dev.steward.model.FailurePolicy;
import dev.steward.model.PartGates;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.Reason;
import dev.steward.model.Rollup;
import dev.steward.model.SessionStatus;
import dev.steward.model.StatusRollup;
import dev.steward.workflow.ResourcePlanner;
import dev.steward.workflow.part.PartFailure;
import dev.steward.workflow.part.PartReport;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The session's decisions: which parts start and how the others show, when a failed part tears the
 * session down (abort) or only degrades it (continue), and the status to record. Pure.
 */
public final class SessionPlanner implements ResourcePlanner<SessionObservation, SessionPlan> {

    /** A part started again within this long of its last restart is restarted in a row. */
    public static final Duration PART_RESTART_STABLE = Duration.ofMinutes(10);
    /** The wait before the second restart in a row of a part whose workflow closed. */
    public static final Duration PART_RESTART_BASE = Duration.ofSeconds(10);
    /** The longest wait before a part whose workflow closed is started again. */
    public static final Duration PART_RESTART_CAP = Duration.ofMinutes(5);

    @Override
    public SessionPlan plan(SessionObservation observed) {
        return new SessionPlan(abort(observed), unstarted(observed), status(observed));
    }

    /**
     * How a part whose gate is shut shows, naming the parts it waits for as they are now, or else the events it
     * awaits that have not arrived; empty when it may start.
     */
    public Optional<UnstartedPartState> gateShut(PartSpec part, Map<String, PartReport> reports, List<ArrivedEvent> arrived) {
        List<String> blockers = PartGates.blockers(part, statuses(reports));
        if (!blockers.isEmpty()) {
            return Optional.of(new UnstartedPartState(PartStatus.WAITING, Reason.WAITING_FOR_PARTS.code(),
                    "waits for " + String.join(", ", blockers) + " to be " + part.when()));
        }
        return awaiting(part, arrived);
    }

    /** How a part shows that awaits events not all arrived; empty when every one it awaits has. */
    public Optional<UnstartedPartState> awaiting(PartSpec part, List<ArrivedEvent> arrived) {
        List<String> awaited = part.awaits().stream()
                .filter(await -> EventEnv.match(await, arrived).isEmpty())
                .map(EventAwait::describe)
                .toList();
        return awaited.isEmpty() ? Optional.empty() : Optional.of(new UnstartedPartState(PartStatus.WAITING,
                Reason.AWAITING_EVENT.code(), "awaits an event of type " + String.join(", ", awaited)));
    }

    /** How a part shows that was never started because the session stopped or went first. */
    public UnstartedPartState neverStarted(DesiredStatus desired) {
        PartStatus gone = desired == DesiredStatus.STOPPED ? PartStatus.STOPPED : PartStatus.DELETED;
        return new UnstartedPartState(gone, Reason.NEVER_STARTED.code(), "the part was never started");
    }

    /**
     * When a part whose workflow closed under its session starts again: at once, unless it was started again
     * within the stable window before; then after {@link #PART_RESTART_BASE}, doubling with each restart in a
     * row, at most {@link #PART_RESTART_CAP}. A part terminated by hand comes back at once; one that keeps
     * closing does not cost its session a restart in a tight loop.
     *
     * @param previous its restarts so far, or {@code null}
     * @param now workflow millis
     */
    public long partRestartAt(PartRestarts previous, long now) {
        if (previous == null || now - previous.lastAt() >= PART_RESTART_STABLE.toMillis()) {
            return now;
        }
        long delay = PART_RESTART_BASE.toMillis() << Math.min(previous.inARow() - 1, 16);
        return now + Math.min(delay, PART_RESTART_CAP.toMillis());
    }

    /** The part's restarts once it is started again at {@code now}. */
    public PartRestarts partRestarted(PartRestarts previous, long now) {
        boolean inARow = previous != null && now - previous.lastAt() < PART_RESTART_STABLE.toMillis();
        return new PartRestarts(inARow ? previous.inARow() + 1 : 1, now);
    }

    /** The first failed part whose policy is to abort ends the session; one that continues only degrades it. */
    private static Ending abort(SessionObservation o) {
        if (o.ending() != null || o.desired() == DesiredStatus.DELETED) {
            return null;
        }
        for (PartSpec part : o.parts()) {
            PartReport report = o.reports().get(part.name());
            if (part.onFailure() == FailurePolicy.ABORT && report.part().status() == PartStatus.FAILED) {
                return new Ending(SessionStatus.FAILED, Reason.PART_FAILED.code(), describeFailure(part.name(), report)
                        + "; onFailure abort: the session is torn down");
            }
        }
        return null;
    }

    private static UnstartedParts unstarted(SessionObservation o) {
        // A resumed run cannot know which parts the lost run started: every part starts at once and
        // adopts what it finds (its pods' placements and containers), before a change of desired status.
        if (o.resumed()) {
            return UnstartedParts.START_ALL;
        }
        if (o.desired() != DesiredStatus.RUNNING) {
            return UnstartedParts.SHOW_NEVER_STARTED;
        }
        return o.provisioned() ? UnstartedParts.START_OPEN_GATES : UnstartedParts.WAIT_FOR_PROVISION;
    }

    /**
     * The parts' statuses rolled up, unless the session is ending (it shows STOPPING, then its
     * ending's status), changed its own desired status (the cause shows until it converges) or waits
     * for its provisionAt. {@code null} when that is what is recorded already.
     */
    private static StatusRecord status(SessionObservation o) {
        Rollup<SessionStatus> rollup = StatusRollup.session(o.desired(), statuses(o.reports()));
        boolean partsCaughtUp = o.reports().values().stream().allMatch(r -> r.observedGeneration() == o.generation());
        StatusRecord recorded = o.recorded();
        long observed = rollup.converged() && partsCaughtUp ? o.generation() : recorded.observedGeneration();
        SessionStatus to = rollup.status();
        String why = rollup.reason();
        String what = rollup.message();
        Ending ending = o.ending();
        if (ending != null) {
            boolean gone = to == SessionStatus.DELETED;
            to = gone ? ending.status() : SessionStatus.STOPPING;
            why = ending.reason();
            what = gone ? ending.message() : "tearing down: " + ending.message() + " (" + rollup.message() + ")";
        } else if (o.cause() != null && (!rollup.converged() || Reason.EVENT.code().equals(o.cause()))) {
            // An event's change is named even when it converges at once: its first record says Event.
            why = o.cause();
            what = o.causeMessage() + ": " + rollup.message();
        } else if (!o.provisioned() && o.desired() == DesiredStatus.RUNNING) {
            // Only a session that is to run waits for its slot; one stopped or deleted before it ends now.
            to = SessionStatus.PENDING;
            why = Reason.WAITING_FOR_PROVISION_AT.code();
            what = "provisioning starts at " + o.timeslot().provisionAt();
        }
        // A status recorded as an event's doing is not recorded again only to change its reason.
        if (to == recorded.status() && observed == recorded.observedGeneration()
                && (why.equals(recorded.reason()) || Reason.EVENT.code().equals(recorded.reason()))) {
            return null;
        }
        return new StatusRecord(to, why, what, observed);
    }

    private static Map<String, PartStatus> statuses(Map<String, PartReport> reports) {
        Map<String, PartStatus> statuses = new LinkedHashMap<>();
        reports.forEach((name, report) -> statuses.put(name, report.part().status()));
        return statuses;
    }

    private static String describeFailure(String part, PartReport report) {
        PartFailure failure = report.failure();
        if (failure == null) {
            return "part " + part + " failed: " + report.part().message();
        }
        return "part " + part + " failed: pod " + failure.pod() + " " + failure.reason() + " (" + failure.message()
                + ") after " + failure.attempts() + " attempt(s)";
    }
}
