package dev.steward.app.api;

import dev.steward.workflow.session.OperatorActionResult;
import io.micronaut.serde.annotation.Serdeable;

/**
 * The answer to an operator's action on a session (a part's retry, a reconcile), taken by its workflow.
 *
 * @param action what was done, for example {@code retry-part}
 * @param target what it was done to: a part name, or the session id
 * @param generation the session's generation afterwards
 */
@Serdeable
public record ActionAccepted(String action, String target, long generation) {

    static ActionAccepted of(OperatorActionResult result) {
        return new ActionAccepted(result.action(), result.target(), result.generation());
    }
}
