package dev.steward.workflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.contract.ContainerNames;
import dev.steward.contract.ContainerState;
import dev.steward.contract.TransitionRecord;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.SpecHash;
import dev.steward.workflow.support.Eventually;
import dev.steward.workflow.support.FakeContainerActivities;
import dev.steward.workflow.support.HistoryEvents;
import dev.steward.workflow.support.InMemoryRecording;
import dev.steward.workflow.support.RecordedDesiredStatus;
import dev.steward.workflow.support.TestSessions;
import dev.steward.workflow.support.WorkflowSandbox;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.client.WorkflowUpdateHandle;
import io.temporal.client.WorkflowUpdateStage;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A whole session on Temporal's in-memory test server, its activities faked in memory. */
class SessionWorkflowTest {

    @RegisterExtension
    final WorkflowSandbox sandbox = WorkflowSandbox.forSessions();

    private final FakeContainerActivities engine = sandbox.engine();
    private final InMemoryRecording recording = sandbox.recording();
    private final UUID sessionId = UUID.randomUUID();
    private final SessionSpec spec = TestSessions.twoPartsOfTwoPods();

    private WorkflowClient client;
    private SessionWorkflow session;

    @BeforeEach
    void startSession() {
        client = sandbox.client();
        session = sandbox.startSession(sessionId, spec, LifecycleSettings.DEFAULTS).session();
    }

    @Test
    void reachesRunningWithEveryContainerLabelled() {
        SessionView running = awaitStatus(SessionStatus.RUNNING);

        assertEquals(DesiredStatus.RUNNING, running.desiredStatus());
        assertEquals(1, running.generation());
        assertEquals(1, running.observedGeneration());
        assertEquals(List.of("web", "db"), running.parts().stream().map(PartView::name).toList());
        assertEquals(4, engine.containersOf(sessionId).size());
        for (PartSpec part : spec.parts()) {
            assertEquals(PartStatus.READY, partView(running, part.name()).status());
            for (PodSpec pod : part.pods()) {
                ContainerState container = engine.containerOf(sessionId, part.name(), pod.name())
                        .orElseThrow(() -> new AssertionError("no container for " + part.name() + "/" + pod.name()));
                String specHash = SpecHash.of(pod);
                assertEquals(Map.of(
                                "steward.managed", "true",
                                "steward.deployment", "steward",
                                "steward.session", sessionId.toString(),
                                "steward.part", part.name(),
                                "steward.pod", pod.name(),
                                "steward.generation", "1",
                                "steward.spec-hash", specHash,
                                "steward.host", WorkflowSandbox.LOCAL),
                        container.labels());
                assertEquals(ContainerNames.of(sessionId, part.name(), pod.name(), specHash), container.name());
                assertTrue(container.running(), container.toString());
                assertEquals(1, engine.ensureCalls(container.name()), "ensured once: " + container.name());

                PodView view = podView(running, part.name(), pod.name());
                assertEquals(PodStatus.READY, view.status());
                assertEquals(container.id(), view.containerId());
                assertEquals(WorkflowSandbox.LOCAL, view.host());
            }
        }
    }

    @Test
    void stoppingRemovesEveryContainerAndRaisesTheGeneration() {
        awaitStatus(SessionStatus.RUNNING);

        DesiredStatusChange change = session.setDesiredStatus(DesiredStatus.STOPPED);

        assertEquals(new DesiredStatusChange(DesiredStatus.STOPPED, 2, true), change);
        SessionView stopped = awaitStatus(SessionStatus.STOPPED);
        assertEquals(DesiredStatus.STOPPED, stopped.desiredStatus());
        assertEquals(2, stopped.generation());
        assertEquals(2, stopped.observedGeneration());
        assertEquals(List.of(), engine.containersOf(sessionId));
        for (PartView part : stopped.parts()) {
            assertEquals(PartStatus.STOPPED, part.status(), part.name());
            for (PodView pod : part.pods()) {
                assertEquals(PodStatus.STOPPED, pod.status(), part.name() + "/" + pod.name());
                assertNull(pod.containerId(), part.name() + "/" + pod.name());
            }
        }
        assertEquals(List.of(new RecordedDesiredStatus(sessionId, DesiredStatus.STOPPED, 2)), recording.desiredStatuses());
    }

    @Test
    void restartingAStoppedSessionCreatesContainersOfTheNewGeneration() {
        awaitStatus(SessionStatus.RUNNING);
        session.setDesiredStatus(DesiredStatus.STOPPED);
        awaitStatus(SessionStatus.STOPPED);

        assertEquals(new DesiredStatusChange(DesiredStatus.RUNNING, 3, true), session.setDesiredStatus(DesiredStatus.RUNNING));

        SessionView running = Eventually.await("running again at generation 3", session::tree,
                view -> view.status() == SessionStatus.RUNNING && view.observedGeneration() == 3);
        List<ContainerState> containers = engine.containersOf(sessionId);
        assertEquals(4, containers.size());
        for (ContainerState container : containers) {
            assertEquals("3", container.label("steward.generation"), container.name());
            assertTrue(container.running(), container.name());
        }
        for (PartView part : running.parts()) {
            for (PodView pod : part.pods()) {
                assertEquals(PodStatus.READY, pod.status());
                assertNotNull(pod.containerId());
            }
        }
    }

    @Test
    void deletingCompletesTheSessionAndBothPartsAndRefusesToRunAgain() {
        awaitStatus(SessionStatus.RUNNING);
        engine.holdListings(); // keeps the parts' teardown in flight, so the session is still deleting below

        assertEquals(new DesiredStatusChange(DesiredStatus.DELETED, 2, true), session.setDesiredStatus(DesiredStatus.DELETED));
        WorkflowUpdateException refused =
                assertThrows(WorkflowUpdateException.class, () -> session.setDesiredStatus(DesiredStatus.RUNNING));
        assertTrue(causeMessages(refused).contains("being deleted"), causeMessages(refused));
        SessionView deleting = session.tree();
        assertEquals(DesiredStatus.DELETED, deleting.desiredStatus());
        assertEquals(2, deleting.generation());
        engine.releaseListings();

        assertEquals(SessionStatus.DELETED, WorkflowStub.fromTyped(session).getResult(SessionStatus.class));
        for (PartSpec part : spec.parts()) {
            WorkflowStub child = client.newUntypedWorkflowStub(WorkflowIds.part(sessionId, part.name()));
            assertEquals(PartStatus.DELETED, child.getResult(PartStatus.class), part.name());
            assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED, child.describe().getStatus(),
                    part.name());
        }
        assertEquals(List.of(), engine.containersOf(sessionId));
        // The refused request left no trace: no desired status, no generation 3.
        assertEquals(List.of(new RecordedDesiredStatus(sessionId, DesiredStatus.DELETED, 2)), recording.desiredStatuses());
        assertTrue(recording.transitions().stream().allMatch(t -> t.generation() <= 2), recording.transitions().toString());
        List<TransitionRecord> sessionSteps = recording.sessionTransitions(sessionId);
        assertEquals("DELETED", sessionSteps.getLast().to());
    }

    @Test
    void aNullDesiredStatusIsRefused() {
        awaitStatus(SessionStatus.RUNNING);

        assertThrows(WorkflowUpdateException.class, () -> session.setDesiredStatus(null));

        SessionView after = session.tree();
        assertEquals(DesiredStatus.RUNNING, after.desiredStatus());
        assertEquals(1, after.generation());
        assertEquals(List.of(), recording.desiredStatuses());
    }

    @Test
    void theSameDesiredStatusChangesNothing() {
        awaitStatus(SessionStatus.RUNNING);

        assertEquals(new DesiredStatusChange(DesiredStatus.RUNNING, 1, false), session.setDesiredStatus(DesiredStatus.RUNNING));
        assertEquals(1, session.tree().generation());

        session.setDesiredStatus(DesiredStatus.STOPPED);
        awaitStatus(SessionStatus.STOPPED);
        assertEquals(new DesiredStatusChange(DesiredStatus.STOPPED, 2, false), session.setDesiredStatus(DesiredStatus.STOPPED));

        SessionView after = session.tree();
        assertEquals(2, after.generation());
        assertEquals(2, after.observedGeneration());
        assertEquals(SessionStatus.STOPPED, after.status());
        assertEquals(List.of(new RecordedDesiredStatus(sessionId, DesiredStatus.STOPPED, 2)), recording.desiredStatuses());
    }

    @Test
    void theLifecycleRecordsUniqueTransitionsInOrder() {
        awaitStatus(SessionStatus.RUNNING);
        session.setDesiredStatus(DesiredStatus.STOPPED);
        awaitStatus(SessionStatus.STOPPED);
        session.setDesiredStatus(DesiredStatus.DELETED);
        assertEquals(SessionStatus.DELETED, WorkflowStub.fromTyped(session).getResult(SessionStatus.class));

        List<TransitionRecord> all = recording.transitions();
        Set<UUID> ids = new HashSet<>();
        for (TransitionRecord transition : all) {
            assertTrue(ids.add(transition.id()), "transition id used twice: " + transition);
            assertEquals(sessionId, transition.sessionId());
            assertNotNull(transition.occurredAt());
        }

        List<TransitionRecord> sessionSteps = recording.sessionTransitions(sessionId);
        assertEquals(List.of(
                        "PENDING->PROVISIONING",
                        "PROVISIONING->RUNNING",
                        "RUNNING->STOPPING",
                        "STOPPING->STOPPED",
                        "STOPPED->STOPPING",
                        "STOPPING->DELETED"),
                sessionSteps.stream().map(t -> t.from() + "->" + t.to()).toList());
        assertEquals(List.of(1L, 1L, 2L, 2L, 3L, 3L), sessionSteps.stream().map(TransitionRecord::generation).toList());
        // The observed generation catches up exactly when the session converges: RUNNING, STOPPED, DELETED.
        for (TransitionRecord step : sessionSteps) {
            boolean converged = Set.of("RUNNING", "STOPPED", "DELETED").contains(step.to());
            assertEquals(converged, step.observedGeneration() == step.generation(), step.toString());
        }

        for (PartSpec part : spec.parts()) {
            List<TransitionRecord> partSteps = recording.partTransitions(sessionId, part.name());
            assertChained(partSteps, "PENDING", "DELETED");
            assertInOrder(partSteps, "READY", "STOPPED", "DELETED");
            for (PodSpec pod : part.pods()) {
                List<TransitionRecord> podSteps = recording.podTransitions(sessionId, part.name(), pod.name());
                assertChained(podSteps, "PENDING", "REMOVED");
                assertEquals(List.of("CREATING", "STARTING", "READY", "STOPPING", "STOPPED", "REMOVED"),
                        podSteps.stream().map(TransitionRecord::to).toList(), part.name() + "/" + pod.name());
            }
        }
    }

    @Test
    void aStopThatArrivesDuringAPassIsRecordedOnceAtItsGeneration() {
        awaitStatus(SessionStatus.RUNNING);
        engine.holdListings();
        session.reconcileNow();
        Eventually.await("both parts in a pass, listing", engine::listingsWaiting, waiting -> waiting == 2);

        session.setDesiredStatus(DesiredStatus.STOPPED);
        for (PartSpec part : spec.parts()) {
            Eventually.await(part.name() + " told to stop during its pass",
                    () -> client.fetchHistory(WorkflowIds.part(sessionId, part.name())).getEvents(),
                    events -> events.stream().anyMatch(e -> e.hasWorkflowExecutionSignaledEventAttributes()
                            && e.getWorkflowExecutionSignaledEventAttributes().getSignalName().equals("setDesiredStatus")));
        }
        engine.releaseListings();

        SessionView stopped = Eventually.await("stopped at generation 2", session::tree,
                view -> view.status() == SessionStatus.STOPPED && view.observedGeneration() == 2);
        assertEquals(List.of(), engine.containersOf(sessionId));
        assertEquals(List.of("PENDING->PROVISIONING", "PROVISIONING->RUNNING", "RUNNING->STOPPING", "STOPPING->STOPPED"),
                recording.sessionTransitions(sessionId).stream().map(t -> t.from() + "->" + t.to()).toList());
        assertEquals(2, recording.sessionTransitions(sessionId).getLast().observedGeneration());
        for (PartSpec part : spec.parts()) {
            List<TransitionRecord> partSteps = recording.partTransitions(sessionId, part.name());
            assertChained(partSteps, "PENDING", "STOPPED");
            assertEquals(PartStatus.STOPPED, partView(stopped, part.name()).status());
        }
    }

    @Test
    void deletingAnswersItsUpdateEvenWhenThePartsFinishFirst() {
        awaitStatus(SessionStatus.RUNNING);
        recording.holdDesiredStatuses(); // the update handler stays busy recording the change

        // Started, not executed: while a blocking update call waited, the test server took 10 s to let the parts finish.
        WorkflowUpdateHandle<DesiredStatusChange> deletion = WorkflowStub.fromTyped(session).startUpdate(
                "setDesiredStatus", WorkflowUpdateStage.ACCEPTED, DesiredStatusChange.class, DesiredStatus.DELETED);
        for (PartSpec part : spec.parts()) {
            WorkflowStub child = client.newUntypedWorkflowStub(WorkflowIds.part(sessionId, part.name()));
            Eventually.await(part.name() + " completed", () -> child.describe().getStatus(),
                    status -> status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED);
        }
        Eventually.await("the session handled both parts' completion",
                () -> client.fetchHistory(WorkflowIds.session(sessionId)).getEvents(),
                events -> HistoryEvents.count(events, EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED) == 2
                        && HistoryEvents.handledLast(events, EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED));
        recording.releaseDesiredStatuses();

        assertEquals(new DesiredStatusChange(DesiredStatus.DELETED, 2, true),
                deletion.getResult(Eventually.DEADLINE.toSeconds(), TimeUnit.SECONDS));
        assertEquals(SessionStatus.DELETED, WorkflowStub.fromTyped(session).getResult(SessionStatus.class));
        assertEquals(List.of(new RecordedDesiredStatus(sessionId, DesiredStatus.DELETED, 2)), recording.desiredStatuses());
    }

    // ---- helpers

    private SessionView awaitStatus(SessionStatus wanted) {
        return Eventually.await("session " + wanted, session::tree, view -> view.status() == wanted);
    }

    private static PartView partView(SessionView session, String part) {
        return session.parts().stream().filter(p -> p.name().equals(part)).findFirst()
                .orElseThrow(() -> new AssertionError("no part " + part));
    }

    private static PodView podView(SessionView session, String part, String pod) {
        return partView(session, part).pods().stream().filter(p -> p.name().equals(pod)).findFirst()
                .orElseThrow(() -> new AssertionError("no pod " + part + "/" + pod));
    }

    /** Each step starts where the one before ended, from the first status to the last. */
    private static void assertChained(List<TransitionRecord> steps, String first, String last) {
        assertFalse(steps.isEmpty());
        assertEquals(first, steps.getFirst().from(), steps.toString());
        for (int i = 1; i < steps.size(); i++) {
            assertEquals(steps.get(i - 1).to(), steps.get(i).from(), steps.toString());
        }
        assertEquals(last, steps.getLast().to(), steps.toString());
    }

    /** These statuses are reached in this order, whatever lies between them. */
    private static void assertInOrder(List<TransitionRecord> steps, String... statuses) {
        List<String> reached = steps.stream().map(TransitionRecord::to).toList();
        int from = 0;
        for (String status : statuses) {
            int at = reached.subList(from, reached.size()).indexOf(status);
            assertTrue(at >= 0, status + " not reached in order in " + reached);
            from += at + 1;
        }
    }

    private static String causeMessages(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append(" | ");
        }
        return messages.toString();
    }
}
