package dev.steward.app.events;

import dev.steward.app.http.problem.ProblemType;
import dev.steward.model.FieldError;
import io.micronaut.core.annotation.Nullable;
import java.time.Duration;
import java.util.List;

/**
 * An event delivery or handshake refused before anything was stored: bad events (400), event data over the
 * cap (413), no valid token
 * (401), a token of another source, a Steward event type the source may not send, or an origin not allowed
 * (403), a source beyond its rate (429, with how long to wait). {@link EventRefusedHandler} answers it.
 */
public final class EventRefused extends RuntimeException {

    private final ProblemType type;
    private final List<FieldError> errors;
    private final @Nullable Duration retryAfter;

    private EventRefused(ProblemType type, String detail, List<FieldError> errors, @Nullable Duration retryAfter) {
        super(detail);
        this.type = type;
        this.errors = List.copyOf(errors);
        this.retryAfter = retryAfter;
    }

    private EventRefused(ProblemType type, String detail, List<FieldError> errors) {
        this(type, detail, errors, null);
    }

    static EventRefused invalid(List<FieldError> errors) {
        return new EventRefused(ProblemType.INVALID_EVENT,
                "the delivery is not valid CloudEvents 1.0: " + errors.size() + " fault(s); nothing was stored", errors);
    }

    static EventRefused invalid(String field, String message) {
        return invalid(List.of(new FieldError(field, message)));
    }

    static EventRefused dataTooLarge(List<FieldError> errors) {
        return new EventRefused(ProblemType.EVENT_DATA_TOO_LARGE, errors.size() + " event(s) of the delivery carry"
                + " more data than allowed; nothing was stored", errors);
    }

    static EventRefused unauthorized(String detail) {
        return new EventRefused(ProblemType.UNAUTHORIZED, detail, List.of());
    }

    static EventRefused forbidden(String detail) {
        return new EventRefused(ProblemType.FORBIDDEN, detail, List.of());
    }

    static EventRefused tooFast(String detail, Duration retryAfter) {
        return new EventRefused(ProblemType.RATE_LIMITED, detail, List.of(), retryAfter);
    }

    public ProblemType type() {
        return type;
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** How long the sender should wait before it delivers again; null when waiting would not help. */
    public @Nullable Duration retryAfter() {
        return retryAfter;
    }
}
