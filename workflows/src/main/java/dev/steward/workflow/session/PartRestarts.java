package dev.steward.workflow.session;

/**
 * How often a session started one of its parts again after its workflow closed.
 *
 * @param inARow restarts in a row: each within the stable window of the one before
 * @param lastAt workflow millis of the last restart
 */
public record PartRestarts(int inARow, long lastAt) {}
