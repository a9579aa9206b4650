package dev.steward.app.events;

import dev.steward.app.http.problem.ProblemType;
import dev.steward.model.FieldError;
import java.util.List;

/**
 * An event delivery or handshake refused before anything was stored: bad events (400), no valid token
 * (401), a token of another source, a Steward event type the source may not send, or an origin not
 * allowed (403). {@link EventRefusedHandler} answers it.
 */
public final class EventRefused extends RuntimeException {

    private final ProblemType type;
    private final List<FieldError> errors;

    private EventRefused(ProblemType type, String detail, List<FieldError> errors) {
        super(detail);
        this.type = type;
        this.errors = List.copyOf(errors);
    }

    static EventRefused invalid(List<FieldError> errors) {
        return new EventRefused(ProblemType.INVALID_EVENT,
                "the delivery is not valid CloudEvents 1.0: " + errors.size() + " fault(s); nothing was stored", errors);
    }

    static EventRefused invalid(String field, String message) {
        return invalid(List.of(new FieldError(field, message)));
    }

    static EventRefused unauthorized(String detail) {
        return new EventRefused(ProblemType.UNAUTHORIZED, detail, List.of());
    }

    static EventRefused forbidden(String detail) {
        return new EventRefused(ProblemType.FORBIDDEN, detail, List.of());
    }

    public ProblemType type() {
        return type;
    }

    public List<FieldError> errors() {
        return errors;
    }
}
