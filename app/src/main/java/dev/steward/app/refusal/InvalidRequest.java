package dev.steward.app.refusal;

import dev.steward.model.FieldError;
import java.util.List;

/** Fields of the request have values Steward does not accept. */
public final class InvalidRequest extends Refusal {

    public InvalidRequest(List<FieldError> errors) {
        super("the request is invalid: " + errors.size() + " field(s) have errors", errors);
    }

    public InvalidRequest(FieldError error) {
        this(List.of(error));
    }

    /** Refuses the request when a validator found errors in it. */
    public static void rejectIfAny(List<FieldError> errors) {
        if (!errors.isEmpty()) {
            throw new InvalidRequest(errors);
        }
    }
}
