package dev.steward.workflow;

import dev.steward.contract.ContainerActivities;
import dev.steward.model.Reason;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;

/** What a failed engine call means for a pod, in a reason and in words. */
public final class ActivityFailures {

    private ActivityFailures() {}

    /** {@code InvalidSpec} when the engine refused the pod's spec, else {@code EngineError}. */
    public static String reasonOf(ActivityFailure failure) {
        return isRefusal(failure) ? Reason.INVALID_SPEC.code() : Reason.ENGINE_ERROR.code();
    }

    /** The engine answered and refused the request itself (an invalid spec, an image it does not have). */
    public static boolean isRefusal(ActivityFailure failure) {
        return failure.getCause() instanceof ApplicationFailure app && ContainerActivities.INVALID_SPEC.equals(app.getType());
    }

    /** The message of the failure's innermost cause, as the activity raised it. */
    public static String rootMessage(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause instanceof ApplicationFailure app ? app.getOriginalMessage() : cause.getMessage();
    }
}
