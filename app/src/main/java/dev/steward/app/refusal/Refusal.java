package dev.steward.app.refusal;

import dev.steward.model.FieldError;
import java.util.List;

/**
 * Why Steward does not do what was asked; nothing was changed. One subclass per meaning, so the
 * API can answer each with its own status without the services knowing of HTTP.
 */
public abstract sealed class Refusal extends RuntimeException
        permits NotFound, Conflict, InvalidRequest, Forbidden, PreconditionFailed, QuotaExceeded, TooManyStreams,
        TemporalUnavailable, WorkflowStartRefused, WorkflowUnresponsive {

    private final List<FieldError> errors;

    protected Refusal(String detail, List<FieldError> errors) {
        super(detail);
        this.errors = List.copyOf(errors);
    }

    /** The offending fields, when the request had any. */
    public List<FieldError> errors() {
        return errors;
    }
}
