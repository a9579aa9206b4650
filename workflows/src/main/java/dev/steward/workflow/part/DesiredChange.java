package dev.steward.workflow.part;

import dev.steward.model.DesiredStatus;

/**
 * A desired status cascaded down, stamped with the generation that asked for it.
 *
 * @param desired the new desired status
 * @param generation the session generation; an older one than the receiver's is ignored
 */
public record DesiredChange(DesiredStatus desired, long generation) {}
