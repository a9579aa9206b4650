package dev.steward.workflow.session;

import dev.steward.model.SessionStatus;

/**
 * A session's status as it is recorded: what, why, and the generation its parts converged to.
 *
 * @param status the observed status
 * @param reason why, a CamelCase word
 * @param message why, in words
 * @param observedGeneration the generation the subtree has converged to
 */
public record StatusRecord(SessionStatus status, String reason, String message, long observedGeneration) {}
