package dev.steward.workflow;

import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.SignalExternalWorkflowException;

/** What a signal to another workflow that failed means. */
public final class ExternalSignals {

    /** The type the SDK gives the failure of a signal whose target is not found, closed ones included. */
    private static final String SIGNAL_FAILED = "SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_FAILED";

    private ExternalSignals() {}

    /**
     * Whether the signal failed because its target workflow does not run: it closed (completed, failed,
     * terminated, timed out) or never existed. The SDK raises that as a {@link SignalExternalWorkflowException}
     * or as an {@link ApplicationFailure} of type {@code SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_FAILED_CAUSE_...}.
     */
    public static boolean targetGone(RuntimeException failure) {
        return failure instanceof SignalExternalWorkflowException
                || (failure instanceof ApplicationFailure app && app.getType() != null
                        && app.getType().startsWith(SIGNAL_FAILED));
    }
}
