package dev.steward.app.api;

import dev.steward.model.Condition;
import dev.steward.model.DesiredStatus;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import io.micronaut.serde.annotation.Serdeable;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The whole tree of a session with every status, as the API shows it.
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
 * @param spec what was asked for, at {@code generation}
 * @param createdAt when it was created
 * @param updatedAt when its row last changed (a status, a spec, a desired status)
 */
@Serdeable
public record SessionBody(
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
        List<PartBody> parts,
        SessionSpec spec,
        Instant createdAt,
        Instant updatedAt) {

    /** The session as the read model has it. */
    static SessionBody of(SessionView session) {
        return new SessionBody(session.id(), session.owner(), session.desiredStatus(), session.status(),
                session.reason(), session.message(), session.generation(), session.observedGeneration(),
                session.timeslot(), session.conditions(), session.parts().stream().map(PartBody::of).toList(),
                session.spec(), session.createdAt(), session.updatedAt());
    }
}
