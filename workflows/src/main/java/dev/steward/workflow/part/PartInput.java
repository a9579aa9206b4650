package dev.steward.workflow.part;

import dev.steward.model.DesiredStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.ReconcileSettings;
import java.util.UUID;

/**
 * What a part workflow starts from.
 *
 * @param sessionId the owning session
 * @param spec the part and its pods
 * @param desired the desired status cascaded from the session
 * @param generation the session generation of that desired status
 * @param settings the reconcile tunables
 * @param continueAsNewAfterEvents the history length at which a run continues as new, unless Temporal
 *     suggests it sooner; {@code null} for a part that runs as one execution (its session signals the
 *     run it started, or it was started before parts continued as new)
 * @param carried the state of the run that continued as new into this one, which supersedes the fields above
 *     (the spec and desired status may have changed since the part started); {@code null} for the first run
 * @param adopts whether containers of the part may exist already (its session started it again after its
 *     workflow closed, or was resumed): the first run looks for them on every host before its first pass
 */
public record PartInput(UUID sessionId, PartSpec spec, DesiredStatus desired, long generation, ReconcileSettings settings,
        Integer continueAsNewAfterEvents, PartState carried, boolean adopts) {

    /** A part's first run, that never continues as new. */
    public PartInput(UUID sessionId, PartSpec spec, DesiredStatus desired, long generation, ReconcileSettings settings) {
        this(sessionId, spec, desired, generation, settings, null, null, false);
    }
}
