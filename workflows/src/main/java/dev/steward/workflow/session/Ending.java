package dev.steward.workflow.session;

import dev.steward.model.SessionStatus;

/**
 * Why a session is being torn down on its own, and the status it ends in once everything is gone.
 *
 * @param status FAILED (a part aborted it), DELETED (its cleanup deadline came) or EXPIRED (it had to force)
 * @param reason a CamelCase word for the cause
 * @param message the cause in words
 */
public record Ending(SessionStatus status, String reason, String message) {}
