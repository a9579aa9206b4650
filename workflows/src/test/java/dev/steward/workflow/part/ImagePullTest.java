package dev.steward.workflow.part;

import static dev.steward.workflow.part.PartViews.awaitStatus;
import static dev.steward.workflow.part.PartViews.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.TransitionRecord;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.ImagePullPolicy;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ReconcileSettings;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakeContainerActivities;
import dev.steward.workflow.support.InMemoryRecording;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A part's pods get their image on their host as their pull policy says, before their containers are created:
 * two pods lacking one image find it missing at their create, pull it once and record the pull; an image the
 * host has is pulled only under {@code ALWAYS}, and {@code NEVER} pulls nothing (a missing image fails the pod); a registry's refusal fails the pod at once with the registry's
 * message; an unreachable registry backs the pull off, and the pod runs once it is back.
 */
class ImagePullTest {

    private static final String IMAGE = TestSessions.IMAGE;

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    private final FakeContainerActivities engine = sandbox.engine();
    private final InMemoryRecording recording = sandbox.recording();
    private final UUID sessionId = UUID.randomUUID();

    @Test
    void twoPodsLackingOneImagePullItOnceAndRecordThePull() {
        engine.lackImage(IMAGE);

        PartWorkflow part = start(TestSessions.part("web", "app", "cache"));
        awaitStatus(part, PartStatus.READY);

        assertEquals(1, engine.pulls(IMAGE), "one pull for both pods");
        int pulled = 0;
        for (String pod : List.of("app", "cache")) {
            List<TransitionRecord> transitions = podTransitions(pod);
            List<String> reasons = transitions.stream().map(TransitionRecord::reason).toList();
            // The create said the image was missing; a pod that asked for the pull once the other's was done
            // finds it there.
            assertEquals("Creating", reasons.getFirst(), transitions.toString());
            if (!reasons.get(1).equals("Pulling")) {
                continue;
            }
            pulled++;
            assertEquals(List.of("Creating", "Pulling", "Pulled", "Creating"), reasons.subList(0, 4), transitions.toString());
            assertEquals("PENDING", transitions.get(1).to());
            assertTrue(transitions.get(2).message().startsWith("pulled image " + IMAGE), transitions.get(2).message());
        }
        assertTrue(pulled >= 1, "the pull is in a pod's transitions");
    }

    @Test
    void anImageTheHostHasIsNotPulledUnlessThePolicyIsAlways() {
        PartWorkflow part = start(new PartSpec("web", List.of(TestSessions.pod("present"),
                withPolicy(TestSessions.pod("always"), ImagePullPolicy.ALWAYS))));
        awaitStatus(part, PartStatus.READY);

        assertEquals(1, engine.pulls(IMAGE), "only the pod whose policy is always pulls");
        assertEquals("Creating", podTransitions("present").getFirst().reason());
        assertEquals("Pulling", podTransitions("always").getFirst().reason());
    }

    @Test
    void aPolicyOfNeverPullsNothingAndFailsAPodWhoseImageIsMissing() {
        PartWorkflow present = start(new PartSpec("web", List.of(withPolicy(TestSessions.pod("app"), ImagePullPolicy.NEVER))));
        awaitStatus(present, PartStatus.READY);
        engine.lackImage(IMAGE);
        PartWorkflow missing = sandbox.startPart(UUID.randomUUID(),
                new PartSpec("db", List.of(withPolicy(TestSessions.pod("primary"), ImagePullPolicy.NEVER))),
                ReconcileSettings.DEFAULTS);
        PodView failed = pod(awaitStatus(missing, PartStatus.FAILED), "primary");

        assertEquals(0, engine.pulls(IMAGE));
        assertEquals("InvalidSpec", failed.reason());
        assertTrue(failed.message().contains(IMAGE), failed.message());
    }

    @Test
    void anImageTheRegistryRefusesFailsThePodAtOnceWithTheRegistrysMessage() {
        engine.lackImage(IMAGE);
        engine.refusePullsOf(IMAGE, "manifest unknown: manifest unknown");

        PartWorkflow part = start(TestSessions.part("web", "app"));
        PartView failed = awaitStatus(part, PartStatus.FAILED);

        PodView app = pod(failed, "app");
        assertEquals(PodStatus.FAILED, app.status());
        assertEquals("ImagePullFailed", app.reason());
        assertEquals("manifest unknown: manifest unknown", app.message());
        assertEquals(1, engine.pulls(IMAGE), "refused: not retried");
        assertTrue(engine.containerOf(sessionId, "web", "app").isEmpty());
    }

    @Test
    void anUnreachableRegistryBacksOffAndThePodRunsOnceItIsBack() {
        engine.lackImage(IMAGE);
        engine.registryUnreachable(true);

        PartWorkflow part = start(TestSessions.part("web", "app"));
        PartView backingOff = Eventually.await("app in ImagePullBackOff", part::view,
                view -> "ImagePullBackOff".equals(pod(view, "app").reason()));
        assertEquals(PodStatus.PENDING, pod(backingOff, "app").status());
        assertTrue(pod(backingOff, "app").message().contains("connection refused"), pod(backingOff, "app").message());

        sandbox.env().sleep(Duration.ofSeconds(10)); // a few backoffs
        int pullsWhileUnreachable = engine.pulls(IMAGE);
        assertTrue(pullsWhileUnreachable >= 2, "tried again: " + pullsWhileUnreachable);
        assertEquals(PodStatus.PENDING, pod(part.view(), "app").status(), "not failed");

        engine.registryUnreachable(false);
        sandbox.env().sleep(ImagePulls.MAX_BACK_OFF);
        PartView ready = awaitStatus(part, PartStatus.READY);
        assertEquals(PodStatus.READY, pod(ready, "app").status());
    }

    private static PodSpec withPolicy(PodSpec pod, ImagePullPolicy policy) {
        return new PodSpec(pod.name(), pod.image(), pod.command(), pod.env(), pod.ports(), pod.kind(),
                pod.restartPolicy(), pod.readiness(), pod.activeDeadlineSeconds(), pod.hostSelector(), pod.resources(),
                policy);
    }

    /** The pod's recorded transitions, once the part has written what it recorded so far. */
    private List<TransitionRecord> podTransitions(String pod) {
        sandbox.awaitTransitionsWritten(WorkflowIds.part(sessionId, "web"));
        return recording.podTransitions(sessionId, "web", pod);
    }

    private PartWorkflow start(PartSpec spec) {
        return sandbox.startPart(sessionId, spec, ReconcileSettings.DEFAULTS);
    }
}
