package dev.steward.model;

import java.util.List;
import java.util.UUID;

/**
 * The whole tree of a session with every status, as the API and the workflow query show it.
 *
 * @param id the session id
 * @param owner who it belongs to
 * @param desiredStatus what it should be
 * @param status what it is
 * @param reason why it has that status
 * @param message the reason in words
 * @param generation bumped on every change of spec or desired status
 * @param observedGeneration the generation the whole tree has converged to
 * @param timeslot when it exists
 * @param conditions {@code Ready} and {@code Degraded}, rolled up from the parts
 * @param parts its parts, in spec order
 */
public record SessionView(
        UUID id,
        String owner,
        DesiredStatus desiredStatus,
        SessionStatus status,
        String reason,
        String message,
        long generation,
        long observedGeneration,
        Timeslot timeslot,
        List<Condition> conditions,
        List<PartView> parts) {

    public SessionView {
        conditions = conditions == null ? List.of() : conditions;
    }
}
