package dev.steward.app.api;

import dev.steward.model.FieldError;
import io.micronaut.http.HttpStatus;
import java.util.List;

/** A request Steward refuses; it becomes a problem+json response and changes nothing. */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String type;
    private final List<FieldError> errors;

    public ApiException(HttpStatus status, String type, String detail, List<FieldError> errors) {
        super(detail);
        this.status = status;
        this.type = type;
        this.errors = errors;
    }

    public static ApiException invalid(List<FieldError> errors) {
        return new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, "invalid-request",
                "the request is invalid: " + errors.size() + " field(s) have errors", errors);
    }

    public static ApiException notFound(String what) {
        return new ApiException(HttpStatus.NOT_FOUND, "not-found", what + " does not exist", List.of());
    }

    public static ApiException conflict(String detail) {
        return new ApiException(HttpStatus.CONFLICT, "conflict", detail, List.of());
    }

    public Problem toProblem() {
        return new Problem("/problems/" + type, status.getReason(), status.getCode(), getMessage(),
                errors.isEmpty() ? null : errors);
    }

    public HttpStatus status() {
        return status;
    }
}
