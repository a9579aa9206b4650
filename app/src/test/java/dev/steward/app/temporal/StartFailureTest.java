package dev.steward.app.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.config.ApiConfig;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.client.WorkflowServiceException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A failed workflow start says why, in Steward's words, and whether Temporal surely did not start it. */
class StartFailureTest {

    private final TemporalDeadline deadline = new TemporalDeadline(new ApiConfig(Duration.ofSeconds(5), Duration.ofSeconds(5)));

    @Test
    void outOfReachOrTooSlowIsNotARefusal() {
        StartFailure unavailable = StartFailure.of(wrapped(Status.UNAVAILABLE.withDescription("io exception")), deadline);
        assertFalse(unavailable.refused());
        assertEquals("Temporal is out of reach (UNAVAILABLE)", unavailable.why());
        StartFailure late = StartFailure.of(wrapped(Status.DEADLINE_EXCEEDED), deadline);
        assertFalse(late.refused());
        assertTrue(late.why().contains("within 5 s"), late.why());
    }

    @Test
    void aRefusalNamesItsReasonWithoutTemporalsWords() {
        StartFailure namespace = StartFailure.of(wrapped(Status.NOT_FOUND.withDescription("Namespace secret-ns is not found")),
                deadline);
        assertTrue(namespace.refused());
        assertTrue(namespace.why().contains("namespace"), namespace.why());
        assertFalse(namespace.why().contains("secret-ns"), namespace.why());
        assertTrue(StartFailure.of(wrapped(Status.RESOURCE_EXHAUSTED), deadline).why().contains("limits"));
        assertTrue(StartFailure.of(wrapped(Status.INVALID_ARGUMENT), deadline).why().contains("payload limit"));
        assertTrue(StartFailure.of(wrapped(Status.PERMISSION_DENIED), deadline).why().contains("credentials"));
    }

    private static RuntimeException wrapped(Status status) {
        return new WorkflowServiceException(WorkflowExecution.newBuilder().setWorkflowId("session-x").build(), "SessionWorkflow",
                new StatusRuntimeException(status));
    }
}
