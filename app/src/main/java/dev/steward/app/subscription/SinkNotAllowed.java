package dev.steward.app.subscription;

/** {@link SinkPolicy} refuses a sink; the message, which follows the word "sink", says why. */
public final class SinkNotAllowed extends Exception {

    SinkNotAllowed(String message) {
        super(message, null, false, false);
    }
}
