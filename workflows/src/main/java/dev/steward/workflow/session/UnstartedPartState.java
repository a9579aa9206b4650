package dev.steward.workflow.session;

import dev.steward.model.PartStatus;

/**
 * How a part that has no workflow yet shows in its session.
 *
 * @param status WAITING while its gate is shut; STOPPED or DELETED when the session stopped first
 * @param reason why, a CamelCase word
 * @param message why, in words
 */
public record UnstartedPartState(PartStatus status, String reason, String message) {}
