package dev.steward.app.refusal;

import dev.steward.model.FieldError;
import java.util.List;

/** The caller's token may not do this: its role is too low, or the request names another owner than its own. */
public final class Forbidden extends Refusal {

    public Forbidden(String detail) {
        super(detail, List.of());
    }

    /** @param errors the fields the token may not ask for */
    public Forbidden(String detail, List<FieldError> errors) {
        super(detail, errors);
    }
}
