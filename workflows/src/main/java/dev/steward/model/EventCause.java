package dev.steward.model;

/**
 * The CloudEvent behind a change to a session, carried by the update or signal that makes the change,
 * so that Temporal's history and the session's transitions say which event did what.
 *
 * @param id the event's {@code id}
 * @param source the event's {@code source}
 * @param type the event's {@code type}
 */
public record EventCause(String id, String source, String type) {

    /** What identifies the event: no two events share a source and an id. */
    public String key() {
        return source + " " + id;
    }

    /** The event in words, for the message of the transitions it causes. */
    public String describe() {
        return "event " + type + " from " + source + " (id " + id + ")";
    }
}
