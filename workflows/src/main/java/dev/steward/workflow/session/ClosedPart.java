package dev.steward.workflow.session;

/**
 * A part whose workflow closed while its session still needed it.
 *
 * @param how how it closed, in words (terminated, failed, timed out, found closed by a signal)
 * @param restartAt workflow millis at which the session starts it again
 * @param shown whether its transition to PENDING (reason PartRestarted) has been recorded
 */
public record ClosedPart(String how, long restartAt, boolean shown) {

    ClosedPart asShown() {
        return new ClosedPart(how, restartAt, true);
    }
}
