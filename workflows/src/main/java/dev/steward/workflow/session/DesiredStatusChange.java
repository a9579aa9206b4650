package dev.steward.workflow.session;

import dev.steward.model.DesiredStatus;

/**
 * The result of a desired-status update.
 *
 * @param desiredStatus the session's desired status now
 * @param generation the session's generation now
 * @param changed false when the session already had that desired status
 */
public record DesiredStatusChange(DesiredStatus desiredStatus, long generation, boolean changed) {}
