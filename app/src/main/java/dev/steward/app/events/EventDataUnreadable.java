package dev.steward.app.events;

/** The event lacks what its action needs, or carries it in a form the action cannot read. */
final class EventDataUnreadable extends RuntimeException {

    EventDataUnreadable(String message) {
        super(message);
    }
}
