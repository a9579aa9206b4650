package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.temporal.WorkflowPresence;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PodSpec;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.Timeslot;
import dev.steward.store.SessionRow;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What a resumed session starts from, and when a workflow counts as missing. */
class SessionResumeTest {

    private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    @Test
    void aResumedRunStartsFromTheRowsDesiredStatusAndTimeslotNotTheCreationSpec() {
        SessionSpec created = new SessionSpec("alice", DesiredStatus.RUNNING,
                List.of(new PartSpec("web", List.of(new PodSpec("a", "busybox", List.of("sleep", "1d"), Map.of(), List.of())))),
                new Timeslot(null, null, T0.plusSeconds(600), T0.plusSeconds(900)));
        SessionRow row = new SessionRow(UUID.randomUUID(), "alice", DesiredStatus.STOPPED, SessionStatus.STOPPED,
                null, null, 4, 4, created, null, null, T0.plusSeconds(3600), T0.plusSeconds(7200), List.of(), T0, T0);

        SessionSpec resumed = SessionResume.specOf(row);

        assertEquals(DesiredStatus.STOPPED, resumed.desiredStatus());
        assertEquals(new Timeslot(null, null, T0.plusSeconds(3600), T0.plusSeconds(7200)), resumed.timeslot());
        assertEquals(created.parts(), resumed.parts());
        assertEquals("alice", resumed.owner());
    }

    @Test
    void aWorkflowTemporalDoesNotKnowIsMissing() {
        assertTrue(WorkflowPresence.missing(Optional.empty()));
        assertFalse(WorkflowPresence.missing(Optional.of(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING)));
    }

    @ParameterizedTest
    @EnumSource(value = WorkflowExecutionStatus.class, names = {"WORKFLOW_EXECUTION_STATUS_COMPLETED",
            "WORKFLOW_EXECUTION_STATUS_FAILED", "WORKFLOW_EXECUTION_STATUS_TERMINATED",
            "WORKFLOW_EXECUTION_STATUS_CANCELED", "WORKFLOW_EXECUTION_STATUS_TIMED_OUT"})
    void aClosedWorkflowOfASessionThatHasNotEndedIsMissing(WorkflowExecutionStatus closed) {
        assertTrue(WorkflowPresence.missing(Optional.of(closed)));
    }
}
