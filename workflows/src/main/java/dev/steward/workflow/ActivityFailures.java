package dev.steward.workflow;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.DatabaseRefusals;
import dev.steward.model.Reason;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;

/** What a failed engine call means for a pod, in a reason and in words. */
public final class ActivityFailures {

    private ActivityFailures() {}

    /**
     * {@code InvalidSpec} when the engine refused the pod's spec (or has not its image, which the pod may
     * not pull), {@code ImagePullFailed} when the registry refused its image, else {@code EngineError}.
     */
    public static String reasonOf(ActivityFailure failure) {
        if (hasType(failure, ContainerActivities.IMAGE_PULL_REFUSED)) {
            return Reason.IMAGE_PULL_FAILED.code();
        }
        return isRefusal(failure) ? Reason.INVALID_SPEC.code() : Reason.ENGINE_ERROR.code();
    }

    /**
     * The engine answered and refused the request itself (an invalid spec, an image it does not have
     * and the pod may not pull), or the registry refused the image.
     */
    public static boolean isRefusal(ActivityFailure failure) {
        return hasType(failure, ContainerActivities.INVALID_SPEC) || hasType(failure, ContainerActivities.IMAGE_PULL_REFUSED)
                || isImageMissing(failure);
    }

    /** The engine has not the container's image. */
    public static boolean isImageMissing(ActivityFailure failure) {
        return hasType(failure, ContainerActivities.IMAGE_MISSING);
    }

    /** A host port the container publishes is taken on its host: a later start may succeed. */
    public static boolean isHostPortTaken(ActivityFailure failure) {
        return hasType(failure, ContainerActivities.HOST_PORT_TAKEN);
    }

    /** The image's registry could not be reached: a later pull may succeed. */
    public static boolean isPullUnavailable(ActivityFailure failure) {
        return hasType(failure, ContainerActivities.IMAGE_PULL_UNAVAILABLE);
    }

    /**
     * The database refused the write because what it is for has no row in this deployment's database: the
     * session or host is another deployment's, or its rows were deleted. The same write is refused again.
     */
    public static boolean isNotInDatabase(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApplicationFailure app && DatabaseRefusals.NOT_IN_DATABASE.equals(app.getType())) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasType(ActivityFailure failure, String type) {
        return failure.getCause() instanceof ApplicationFailure app && type.equals(app.getType());
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
