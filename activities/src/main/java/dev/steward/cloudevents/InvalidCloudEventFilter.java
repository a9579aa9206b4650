package dev.steward.cloudevents;

import dev.steward.model.FieldError;
import java.util.List;

/** A filter's JSON is not a valid filter in the Subscriptions API dialects; {@link #errors()} names each fault. */
public final class InvalidCloudEventFilter extends RuntimeException {

    private final List<FieldError> errors;

    public InvalidCloudEventFilter(List<FieldError> errors) {
        super("invalid filter: " + errors.stream().map(e -> e.field() + ": " + e.message()).toList());
        this.errors = List.copyOf(errors);
    }

    public List<FieldError> errors() {
        return errors;
    }
}
