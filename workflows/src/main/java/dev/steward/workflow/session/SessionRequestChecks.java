package dev.steward.workflow.session;

import static dev.steward.workflow.WorkflowClock.now;

import dev.steward.model.DesiredStatus;
import dev.steward.model.PartStatus;
import dev.steward.model.PodSpec;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionSpecValidator;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PartReport;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the session's update validators refuse, read from its state alone: they change nothing and run no
 * command, so a refused request leaves no trace in the history.
 */
final class SessionRequestChecks {

    private SessionRequestChecks() {}

    static void refuseDesiredStatus(SessionState state, DesiredStatus requested) {
        if (requested == null) {
            throw new IllegalArgumentException("desiredStatus is required: one of RUNNING, STOPPED, DELETED");
        }
        refuseAfterDeadline(state);
        if (state.desired == DesiredStatus.DELETED && requested != DesiredStatus.DELETED) {
            throw new IllegalStateException("the session is being deleted; it cannot become " + requested);
        }
    }

    /** A timeslot that is missing or malformed in itself; whether it may replace the current one is asked apart. */
    static void refuseMalformedTimeslot(Timeslot requested) {
        if (requested == null) {
            throw new IllegalArgumentException("a timeslot is required");
        }
        var errors = SessionSpecValidator.validateTimeslot(requested, "");
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(errors.stream().map(e -> e.field() + " " + e.message())
                    .collect(Collectors.joining("; ")));
        }
    }

    static void refuseRetryPart(SessionState state, String part) {
        refuseAfterDeadline(state);
        PartReport report = part == null ? null : state.parts.get(part);
        if (report == null) {
            throw new IllegalArgumentException("the session has no part '" + part + "'");
        }
        if (state.ending != null || state.desired != DesiredStatus.RUNNING) {
            throw new IllegalStateException("the session's desired status is " + state.desired
                    + (state.ending == null ? "" : " (" + state.ending.message() + ")")
                    + "; only a RUNNING session retries parts");
        }
        if (report.part().status() != PartStatus.FAILED) {
            throw new IllegalStateException("part " + part + " is " + report.part().status() + ", not FAILED");
        }
    }

    /** A new spec for a session that still runs, with the parts of {@code current} (see {@link #refuseReshape}). */
    static void refuseSpec(SessionState state, SessionSpec current, SessionSpec requested) {
        if (requested == null) {
            throw new IllegalArgumentException("a spec is required");
        }
        refuseAfterDeadline(state);
        if (state.desired == DesiredStatus.DELETED) {
            throw new IllegalStateException("the session is being deleted; its spec cannot change");
        }
        refuseReshape(current, requested);
    }

    /** Parts and pods are reached by name (their workflow ids and containers carry it): a spec change keeps them all. */
    private static void refuseReshape(SessionSpec now, SessionSpec requested) {
        if (!shape(requested).equals(shape(now))) {
            throw new IllegalArgumentException("a spec change must keep the same parts and pods by name: "
                    + shape(now) + ", got " + shape(requested));
        }
    }

    private static Map<String, List<String>> shape(SessionSpec spec) {
        Map<String, List<String>> names = new LinkedHashMap<>();
        spec.parts().forEach(p -> names.put(p.name(), p.pods().stream().map(PodSpec::name).toList()));
        return names;
    }

    static void refuseAfterDeadline(SessionState state) {
        Instant deadline = state.timeslot == null ? null : state.timeslot.cleanupDeadline();
        if (deadline != null && !now().isBefore(deadline)) {
            throw new IllegalStateException("the cleanup deadline " + deadline + " has passed; the session cannot change");
        }
    }
}
