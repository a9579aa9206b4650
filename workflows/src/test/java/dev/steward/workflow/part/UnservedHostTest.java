package dev.steward.workflow.part;

import static dev.steward.workflow.part.PartViews.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ReconcileSettings;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A part whose pod is placed on a host no worker serves: its engine calls are never picked up. */
class UnservedHostTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions().onHosts("gone").unserved("gone");

    @Test
    void aPodOnAHostWhoseWorkerIsGoneBecomesUnknownOnceItsEngineCallTimesOut() {
        PartWorkflow part = sandbox.startPart(UUID.randomUUID(), TestSessions.part("web", "app"), ReconcileSettings.DEFAULTS);
        sandbox.env().sleep(Duration.ofMinutes(3)); // past the engine call's schedule-to-close timeout

        PodView app = pod(Eventually.await("app UNKNOWN", part::view,
                view -> pod(view, "app").status() == PodStatus.UNKNOWN), "app");
        assertEquals("HostUnreachable", app.reason());
        assertTrue(app.message().startsWith("the engine of host gone did not answer"), app.message());
    }
}
