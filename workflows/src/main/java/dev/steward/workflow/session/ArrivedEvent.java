package dev.steward.workflow.session;

import dev.steward.model.EventCause;

/**
 * A CloudEvent addressed to a session that one of its parts awaits or completes on.
 *
 * @param cause which event it is
 * @param data its data as text (JSON text for JSON data), or {@code null}
 */
public record ArrivedEvent(EventCause cause, String data) {}
