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
 */
public record PartInput(UUID sessionId, PartSpec spec, DesiredStatus desired, long generation, ReconcileSettings settings) {}
