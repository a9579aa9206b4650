package dev.steward.app.events;

import dev.steward.model.FieldError;
import io.micronaut.http.HttpStatus;
import java.util.List;

/**
 * An event delivery or handshake refused before anything was stored: bad events (400), no valid token
 * (401), a token of another source or an origin not allowed (403). {@link EventRefusedHandler} answers it.
 */
public final class EventRefused extends RuntimeException {

    private final HttpStatus status;
    private final String type;
    private final List<FieldError> errors;

    private EventRefused(HttpStatus status, String type, String detail, List<FieldError> errors) {
        super(detail);
        this.status = status;
        this.type = type;
        this.errors = List.copyOf(errors);
    }

    static EventRefused invalid(List<FieldError> errors) {
        return new EventRefused(HttpStatus.BAD_REQUEST, "/problems/invalid-event",
                "the delivery is not valid CloudEvents 1.0: " + errors.size() + " fault(s); nothing was stored", errors);
    }

    static EventRefused invalid(String field, String message) {
        return invalid(List.of(new FieldError(field, message)));
    }

    static EventRefused unauthenticated(String detail) {
        return new EventRefused(HttpStatus.UNAUTHORIZED, "/problems/unauthenticated", detail, List.of());
    }

    static EventRefused forbidden(String detail) {
        return new EventRefused(HttpStatus.FORBIDDEN, "/problems/forbidden", detail, List.of());
    }

    public HttpStatus status() {
        return status;
    }

    public String type() {
        return type;
    }

    public List<FieldError> errors() {
        return errors;
    }
}
