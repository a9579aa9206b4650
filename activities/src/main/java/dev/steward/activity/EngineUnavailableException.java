package dev.steward.activity;

/** A host's engine client cannot be made, for example because its TLS files cannot be read. */
public class EngineUnavailableException extends RuntimeException {

    public EngineUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
