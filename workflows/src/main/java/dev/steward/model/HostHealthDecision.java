package dev.steward.model;

/**
 * A host's status after a probe or an operator's change.
 *
 * @param status the new status
 * @param failedProbes consecutive failed probes, 0 after one that succeeded
 * @param reason a CamelCase word for the cause of the status
 * @param message the cause in words, with the setting that decided it
 * @param changed whether {@code status} differs from the status before
 */
public record HostHealthDecision(HostStatus status, int failedProbes, String reason, String message, boolean changed) {}
