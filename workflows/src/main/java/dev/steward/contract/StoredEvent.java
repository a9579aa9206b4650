package dev.steward.contract;

import dev.steward.model.EventCause;

/**
 * A CloudEvent a session took, as PostgreSQL keeps it with the session.
 *
 * @param cause which event it is
 * @param arrived whether it was handed to the session's parts (they await or complete on it), not only applied
 *        to the session
 * @param data its data as text (JSON text for JSON data), or {@code null}: none, or not asked for
 */
public record StoredEvent(EventCause cause, boolean arrived, String data) {}
