package dev.steward.workflow.session;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.SessionSpec;
import dev.steward.workflow.TransitionRecorder;
import dev.steward.workflow.part.DesiredChange;
import dev.steward.workflow.part.PartInput;
import dev.steward.workflow.part.PartReport;
import dev.steward.workflow.part.PartSpecChange;
import dev.steward.workflow.part.PartWorkflow;
import dev.steward.workflow.part.PodAction;
import io.temporal.api.enums.v1.ParentClosePolicy;
import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * A session's parts as workflows: starts them as its planner lets them, shows the ones not started,
 * and signals the started ones. Parts started by this run are its children; every part is signalled by
 * its workflow id, so a signal reaches its current run (parts continue as new).
 */
final class SessionParts {

    private final UUID sessionId;
    private final SessionState state;
    private final ReconcileSettings settings;
    private final SessionPlanner planner;
    private final TransitionRecorder transitions;
    /** The history length at which the parts continue as new. */
    private final int partsContinueAsNewAfterEvents;

    private final Map<String, Promise<PartStatus>> results = new LinkedHashMap<>();

    SessionParts(UUID sessionId, SessionState state, ReconcileSettings settings, SessionPlanner planner,
            TransitionRecorder transitions, int partsContinueAsNewAfterEvents) {
        this.sessionId = sessionId;
        this.state = state;
        this.settings = settings;
        this.planner = planner;
        this.transitions = transitions;
        this.partsContinueAsNewAfterEvents = partsContinueAsNewAfterEvents;
    }

    /**
     * Does with the parts not started yet what the planner decided, in spec order. Each part is
     * decided as the loop reaches it: while a part starts, the ones before it may report, and an
     * update may replace the spec.
     */
    void startOrShow(UnstartedParts what, Supplier<List<PartSpec>> spec) {
        switch (what) {
            case START_ALL -> unstarted(spec.get()).forEach(this::start);
            case SHOW_NEVER_STARTED ->
                    unstarted(spec.get()).forEach(part -> show(part, planner.neverStarted(state.desired)));
            case WAIT_FOR_PROVISION -> { }
            case START_OPEN_GATES -> {
                // Until nothing changes: a part's WAITING reason names the parts before it as they are now.
                boolean changed = true;
                while (changed) {
                    changed = false;
                    for (PartSpec part : unstarted(spec.get())) {
                        Optional<UnstartedPartState> waiting = planner.gateShut(part, state.parts, state.arrivedEvents);
                        if (waiting.isEmpty()) {
                            start(part);
                            changed = true;
                        } else {
                            changed |= show(part, waiting.get());
                        }
                    }
                }
            }
        }
    }

    /**
     * Every started part takes the session's desired status under its generation. A handler may raise
     * the generation while the signals go out: only the generation sent counts as cascaded, so the next
     * pass sends the newer one.
     */
    void cascade() {
        DesiredChange change = new DesiredChange(state.desired, state.generation);
        state.started.forEach(name -> stub(name).setDesiredStatus(change));
        state.cascadedGeneration = change.generation();
    }

    /** Tells each started part whose completesOn event arrived, once. */
    void completeOnEvents(List<PartSpec> spec) {
        for (PartSpec part : spec) {
            if (part.completesOn() == null || !state.started.contains(part.name())
                    || state.completedByEvent.contains(part.name())) {
                continue;
            }
            EventEnv.match(part.completesOn(), state.arrivedEvents).ifPresent(event -> {
                stub(part.name()).completeOnEvent(event.cause());
                state.completedByEvent.add(part.name());
            });
        }
    }

    /** A failed pod stays failed across generations: its part tries it again from a fresh backoff. */
    void retryFailedPods(String part) {
        PartWorkflow stub = stub(part);
        state.parts.get(part).part().pods().stream()
                .filter(pod -> pod.status() == PodStatus.FAILED)
                .forEach(pod -> {
                    stub.podAction(new PodAction(pod.name(), PodAction.Kind.RESET_BACKOFF));
                    stub.podAction(new PodAction(pod.name(), PodAction.Kind.RESTART));
                });
    }

    void reconcileNow() {
        state.started.forEach(name -> stub(name).reconcileNow());
    }

    /** Started parts take the new spec now; the others start from it when their gate opens. */
    void updateSpec(SessionSpec spec) {
        for (PartSpec part : spec.parts()) {
            if (state.started.contains(part.name())) {
                stub(part.name()).setSpec(new PartSpecChange(EventEnv.withEvents(part, state.arrivedEvents),
                        state.generation));
            }
        }
    }

    /** The children of this run have returned; parts started by earlier runs said DELETED before they returned. */
    boolean closed() {
        return results.values().stream().allMatch(Promise::isCompleted);
    }

    /** Parts and pods are reached by name (their workflow ids and containers carry it): a spec change keeps them all. */
    static void refuseReshape(SessionSpec now, SessionSpec requested) {
        if (!shape(requested).equals(shape(now))) {
            throw new IllegalArgumentException("a spec change must keep the same parts and pods by name: "
                    + shape(now) + ", got " + shape(requested));
        }
    }

    private static Map<String, List<String>> shape(SessionSpec spec) {
        Map<String, List<String>> names = new LinkedHashMap<>();
        spec.parts().forEach(p -> names.put(p.name(), p.pods().stream().map(PodSpec::name).toList()));
        return names;
    }

    private List<PartSpec> unstarted(List<PartSpec> spec) {
        return spec.stream().filter(part -> !state.started.contains(part.name())).toList();
    }

    private void start(PartSpec part) {
        ChildWorkflowOptions options = ChildWorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.part(sessionId, part.name()))
                // A continue-as-new closes the run, and a close policy would cancel every part; the session
                // itself tears its parts down (DELETED, abort, the cleanup deadline). Never TERMINATE.
                .setParentClosePolicy(ParentClosePolicy.PARENT_CLOSE_POLICY_ABANDON)
                .build();
        PartWorkflow child = Workflow.newChildWorkflowStub(PartWorkflow.class, options);
        results.put(part.name(),
                Async.function(child::run, new PartInput(sessionId, EventEnv.withEvents(part, state.arrivedEvents),
                        state.desired, state.generation, settings, partsContinueAsNewAfterEvents, null)));
        // Signals can reach a child only once it has started.
        Workflow.getWorkflowExecution(child).get();
        state.started.add(part.name());
    }

    /** Shows a part that has no workflow yet; returns whether that changed anything. */
    private boolean show(PartSpec part, UnstartedPartState shown) {
        PartView before = state.parts.get(part.name()).part();
        if (before.status() == shown.status() && before.message().equals(shown.message())) {
            return false;
        }
        if (before.status() != shown.status()) {
            transitions.part(part.name(), before.status(), shown.status(), shown.reason(), shown.message(),
                    state.generation);
        }
        state.parts.put(part.name(), new PartReport(
                new PartView(part.name(), shown.status(), shown.reason(), shown.message(), before.pods()),
                state.generation, null));
        return true;
    }

    private PartWorkflow stub(String name) {
        return Workflow.newExternalWorkflowStub(PartWorkflow.class, WorkflowIds.part(sessionId, name));
    }
}
