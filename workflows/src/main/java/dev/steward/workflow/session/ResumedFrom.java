package dev.steward.workflow.session;

import dev.steward.model.EventCause;
import dev.steward.model.SessionStatus;
import java.util.List;

/**
 * Where the read model left a session whose workflow went missing; a run started with it goes on from there.
 *
 * @param status the session's status as last recorded
 * @param observedGeneration the generation its tree had converged to
 * @param appliedEvents the keys ({@link EventCause#key()}) of the latest CloudEvents the session took, oldest
 *        first: one dispatched again changes nothing
 * @param arrivedEvents the CloudEvents that arrived for its parts (awaited or completing), as references, in the
 *        order they arrived: the first of each type and source
 */
public record ResumedFrom(SessionStatus status, long observedGeneration, List<String> appliedEvents,
        List<EventCause> arrivedEvents) {

    public ResumedFrom {
        appliedEvents = appliedEvents == null ? List.of() : List.copyOf(appliedEvents);
        arrivedEvents = arrivedEvents == null ? List.of() : List.copyOf(arrivedEvents);
    }

    /** A session that took no CloudEvent. */
    public ResumedFrom(SessionStatus status, long observedGeneration) {
        this(status, observedGeneration, List.of(), List.of());
    }
}
