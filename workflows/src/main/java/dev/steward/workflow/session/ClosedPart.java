package dev.steward.workflow.session;

import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.failure.TerminatedFailure;
import io.temporal.failure.TimeoutFailure;

/**
 * A part whose workflow closed while its session still needed it.
 *
 * @param how how it closed, in words (terminated, failed, timed out, found closed by a signal)
 * @param restartAt workflow millis at which the session starts it again
 * @param shown whether its transition to PENDING (reason PartRestarted) has been recorded
 */
public record ClosedPart(String how, long restartAt, boolean shown) {

    /** How a child closed, from its result's failure. */
    static String howClosed(RuntimeException failure) {
        Throwable cause = failure instanceof ChildWorkflowFailure child && child.getCause() != null
                ? child.getCause() : failure;
        if (cause instanceof TerminatedFailure terminated) {
            return "terminated: " + terminated.getOriginalMessage();
        }
        if (cause instanceof TimeoutFailure timeout) {
            return "timed out (" + timeout.getTimeoutType() + ")";
        }
        if (cause instanceof CanceledFailure) {
            return "cancelled";
        }
        if (cause instanceof ApplicationFailure app) {
            return "failed: " + app.getOriginalMessage();
        }
        return "closed: " + cause.getMessage();
    }

    ClosedPart asShown() {
        return new ClosedPart(how, restartAt, true);
    }
}
