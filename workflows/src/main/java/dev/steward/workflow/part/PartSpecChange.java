package dev.steward.workflow.part;

import dev.steward.model.PartSpec;

/**
 * A new spec for a part, stamped with the session generation that made it.
 *
 * @param spec the part's new spec (same pods by name)
 * @param generation the session generation; an older one than the receiver's is ignored
 */
public record PartSpecChange(PartSpec spec, long generation) {}
