package dev.steward.app.temporal;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.client.WorkflowExecutionAlreadyStarted;

/**
 * Why Temporal did not start a workflow, in Steward's words (never Temporal's, which may name its
 * internals).
 *
 * @param refused Temporal answered and said no: the workflow surely did not start
 * @param why what the answer to the client says
 */
public record StartFailure(boolean refused, String why) {

    /** Enough for any real wrapping; a bound against cause chains that loop. */
    private static final int MAX_DEPTH = 32;

    public static StartFailure of(Throwable failure, TemporalDeadline deadline) {
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_DEPTH; depth++, cause = cause.getCause()) {
            if (cause instanceof WorkflowExecutionAlreadyStarted) {
                return new StartFailure(true, "a workflow with the session's id runs already");
            }
            if (cause instanceof StatusRuntimeException grpc) {
                return of(grpc.getStatus().getCode(), deadline);
            }
        }
        return new StartFailure(false, "Temporal's answer did not come");
    }

    private static StartFailure of(Status.Code code, TemporalDeadline deadline) {
        return switch (code) {
            case UNAVAILABLE -> new StartFailure(false, "Temporal is out of reach (UNAVAILABLE)");
            case DEADLINE_EXCEEDED, CANCELLED -> new StartFailure(false,
                    "Temporal did not answer within " + deadline.inWords() + " (" + code + ")");
            case NOT_FOUND -> new StartFailure(true,
                    "Temporal does not know the namespace Steward is configured with (NOT_FOUND)");
            case PERMISSION_DENIED, UNAUTHENTICATED -> new StartFailure(true,
                    "Temporal refused Steward's credentials (" + code + ")");
            case RESOURCE_EXHAUSTED -> new StartFailure(true,
                    "Temporal is over one of its limits for now, a rate or a count (RESOURCE_EXHAUSTED)");
            case INVALID_ARGUMENT -> new StartFailure(true,
                    "Temporal refused the workflow's input, for example as larger than its payload limit (INVALID_ARGUMENT)");
            default -> new StartFailure(false, "Temporal answered " + code);
        };
    }
}
