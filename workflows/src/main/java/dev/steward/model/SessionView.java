package dev.steward.model;

import java.time.Instant;
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
 * @param spec what was asked for, at {@code generation}; the read model's view only (null in the workflow's)
 * @param createdAt when it was created; the read model's view only
 * @param updatedAt when its row last changed (a status, a spec, a desired status); the read model's view only
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
        List<PartView> parts,
        SessionSpec spec,
        Instant createdAt,
        Instant updatedAt) {

    public SessionView {
        conditions = conditions == null ? List.of() : conditions;
    }

    /** The tree as the session's workflow knows it, without what only the read model keeps. */
    public SessionView(UUID id, String owner, DesiredStatus desiredStatus, SessionStatus status, String reason,
            String message, long generation, long observedGeneration, Timeslot timeslot, List<Condition> conditions,
            List<PartView> parts) {
        this(id, owner, desiredStatus, status, reason, message, generation, observedGeneration, timeslot, conditions,
                parts, null, null, null);
    }

    /** The same session with {@code parts}. */
    public SessionView withParts(List<PartView> parts) {
        return new SessionView(id, owner, desiredStatus, status, reason, message, generation, observedGeneration,
                timeslot, conditions, parts, spec, createdAt, updatedAt);
    }
}
