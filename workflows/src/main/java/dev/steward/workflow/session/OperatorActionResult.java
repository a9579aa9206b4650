package dev.steward.workflow.session;

/**
 * The answer to an operator action.
 *
 * @param action what was done, for example {@code retry-part}
 * @param target what it was done to: a part name, or the session id
 * @param generation the session's generation afterwards
 */
public record OperatorActionResult(String action, String target, long generation) {}
