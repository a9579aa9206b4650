package dev.steward.app.refusal;

import java.util.List;

/** What the request names does not exist. */
public final class NotFound extends Refusal {

    /** @param what the missing thing, e.g. {@code "session 1234"} */
    public NotFound(String what) {
        super(what + " does not exist", List.of());
    }
}
