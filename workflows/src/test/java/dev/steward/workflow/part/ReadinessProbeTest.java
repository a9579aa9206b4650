package dev.steward.workflow.part;

import static dev.steward.workflow.part.PartViews.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.steward.model.PartSpec;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.ProbeType;
import dev.steward.model.ReadinessCheck;
import dev.steward.model.ReconcileSettings;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakeContainerActivities;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The readiness probe a part keeps running for each container with a check. */
class ReadinessProbeTest {

    private static final ReadinessCheck CHECK = new ReadinessCheck(ProbeType.TCP, null, 8080, null, null, null, null);

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    private final FakeContainerActivities engine = sandbox.engine();
    private final UUID sessionId = UUID.randomUUID();

    @Test
    void aProbeThatFailsIsStartedAgainAfterABackoff() {
        engine.failProbes(true);
        PodSpec plain = TestSessions.pod("app");
        PodSpec checked = new PodSpec(plain.name(), plain.image(), plain.command(), plain.env(), plain.ports(), null,
                null, CHECK, null, null, null);
        PartWorkflow part = sandbox.startPart(sessionId, new PartSpec("web", List.of(checked), null, null, null, null),
                ReconcileSettings.DEFAULTS);
        Eventually.await("app waiting for its first check", part::view,
                view -> pod(view, "app").status() == PodStatus.NOT_READY);
        sandbox.env().sleep(Duration.ofMinutes(2)); // past the probe activity's retries: it failed

        engine.failProbes(false);
        sandbox.env().sleep(Duration.ofMinutes(2)); // past the probe's backoff

        assertEquals(PodStatus.READY, pod(Eventually.await("app READY", part::view,
                view -> pod(view, "app").status() == PodStatus.READY), "app").status());
    }
}
