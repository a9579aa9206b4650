package dev.steward.app.refusal;

import dev.steward.model.FieldError;
import java.util.List;

/** The request is well formed but cannot apply to the resource as it is now. */
public sealed class Conflict extends Refusal permits WorkflowMissing {

    public Conflict(String detail) {
        this(detail, List.of());
    }

    public Conflict(String detail, List<FieldError> errors) {
        super(detail, errors);
    }
}
