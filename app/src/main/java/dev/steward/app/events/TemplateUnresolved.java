package dev.steward.app.events;

/** A template names an attribute or data field the event does not have: the trigger cannot act on it. */
final class TemplateUnresolved extends RuntimeException {

    TemplateUnresolved(String message) {
        super(message);
    }
}
