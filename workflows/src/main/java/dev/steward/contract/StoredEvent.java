package dev.steward.contract;

/**
 * A CloudEvent a session took, as PostgreSQL keeps it with the session.
 *
 * @param source its {@code source}
 * @param id its {@code id}
 * @param type its {@code type}
 * @param data its data as text (JSON text for JSON data), or {@code null}
 */
public record StoredEvent(String source, String id, String type, String data) {}
