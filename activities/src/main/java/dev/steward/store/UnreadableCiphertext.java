package dev.steward.store;

/**
 * A ciphertext that no configured key opens for what it is read as: its key is not configured, or it was
 * altered or copied from another row or owner. The message names the row, never a value.
 */
public final class UnreadableCiphertext extends RuntimeException {

    UnreadableCiphertext(String message) {
        super(message);
    }

    UnreadableCiphertext(String message, Throwable cause) {
        super(message, cause);
    }
}
