package dev.steward.app.subscription;

/** A sink did not take a request; only for the log, which names what it answered. */
final class SinkRefused extends RuntimeException {

    SinkRefused(String error) {
        super(error, null, false, false);
    }
}
