package dev.steward.app.api;

import dev.steward.model.DesiredStatus;
import dev.steward.workflow.session.DesiredStatusChange;
import io.micronaut.serde.annotation.Serdeable;

/**
 * The answer to a change of desired status (a delete is one), taken by the session's workflow.
 *
 * @param desiredStatus the session's desired status now
 * @param generation the session's generation now
 * @param changed false when the session already had that desired status
 */
@Serdeable
public record DesiredStatusAccepted(DesiredStatus desiredStatus, long generation, boolean changed) {

    static DesiredStatusAccepted of(DesiredStatusChange change) {
        return new DesiredStatusAccepted(change.desiredStatus(), change.generation(), change.changed());
    }
}
