package dev.steward.workflow.part;

/**
 * Why a part failed, as it escalates to its session.
 *
 * @param pod the first failed pod
 * @param reason the pod's reason, for example {@code ExitedOnStart}
 * @param message the pod's message
 * @param attempts how many times the part tried to bring that pod up
 */
public record PartFailure(String pod, String reason, String message, int attempts) {}
