package dev.steward.app.refusal;

import java.util.List;

/** The request was conditional ({@code If-Match}) and the resource has changed since: nothing was done. */
public final class PreconditionFailed extends Refusal {

    public PreconditionFailed(String detail) {
        super(detail, List.of());
    }
}
