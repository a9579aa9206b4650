package dev.steward.workflow;

import dev.steward.activity.RecordingActivities;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.Rollup;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.StatusRollup;
import io.temporal.api.enums.v1.ParentClosePolicy;
import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The entity workflow of one session: starts a {@link PartWorkflow} per part, cascades the desired
 * status down to them, and rolls their reports up into the session's status.
 */
public class SessionWorkflowImpl implements SessionWorkflow {

    private final RecordingActivities recording =
            Workflow.newActivityStub(RecordingActivities.class, ActivityDefaults.withTimeout(Duration.ofSeconds(30)));

    private UUID sessionId;
    private SessionSpec spec;
    private TransitionRecorder recorder;

    private DesiredStatus desired;
    private long generation;
    private long observedGeneration;
    private SessionStatus status = SessionStatus.PENDING;
    private String reason = "Created";
    private String message = "the session has not been reconciled yet";
    private final Map<String, PartReport> parts = new LinkedHashMap<>();
    private final Map<String, PartWorkflow> children = new LinkedHashMap<>();
    private long cascadedGeneration;
    /** Set by every handler that changes state; the main loop re-evaluates when it is set. */
    private boolean dirty = true;

    @Override
    public SessionStatus run(SessionInput input) {
        sessionId = input.sessionId();
        spec = input.spec();
        desired = spec.desiredStatus();
        generation = input.generation();
        recorder = new TransitionRecorder(recording, sessionId);
        for (PartSpec part : spec.parts()) {
            parts.put(part.name(), new PartReport(notStarted(part), 0));
        }
        List<Promise<PartStatus>> results = new ArrayList<>();
        for (PartSpec part : spec.parts()) {
            results.add(startPart(part, input.settings()));
        }
        cascadedGeneration = generation;
        while (status != SessionStatus.DELETED) {
            Workflow.await(() -> dirty);
            dirty = false;
            if (cascadedGeneration != generation) {
                // Record the new intent (STOPPING, ...) before any part can act on it.
                rollUp();
                cascade();
            }
            rollUp();
        }
        // Each part reported DELETED just before it returned; let them all close first.
        Promise.allOf(results).get();
        // The DELETED update's handler may still be recording the change; closing now would fail its caller.
        Workflow.await(Workflow::isEveryHandlerFinished);
        return status;
    }

    @Override
    public DesiredStatusChange setDesiredStatus(DesiredStatus requested) {
        // An update can arrive in the workflow's first task, before run() has read its input.
        Workflow.await(() -> sessionId != null);
        if (requested == desired) {
            return new DesiredStatusChange(desired, generation, false);
        }
        desired = requested;
        generation++;
        dirty = true;
        recording.recordDesiredStatus(sessionId, desired, generation);
        return new DesiredStatusChange(desired, generation, true);
    }

    @Override
    public void validateDesiredStatus(DesiredStatus requested) {
        if (requested == null) {
            throw new IllegalArgumentException("desiredStatus is required: one of RUNNING, STOPPED, DELETED");
        }
        if (desired == DesiredStatus.DELETED && requested != DesiredStatus.DELETED) {
            throw new IllegalStateException("the session is being deleted; it cannot become " + requested);
        }
    }

    @Override
    public long updateSpec(SessionSpec newSpec) {
        generation++;
        spec = new SessionSpec(spec.owner(), desired, newSpec.parts(), spec.timeslot(), spec.restart());
        recording.recordSpec(sessionId, spec, generation);
        for (PartSpec part : spec.parts()) {
            children.get(part.name()).setSpec(new PartSpecChange(part, generation));
        }
        dirty = true;
        return generation;
    }

    @Override
    public void validateSpec(SessionSpec newSpec) {
        if (newSpec == null) {
            throw new IllegalArgumentException("a spec is required");
        }
        if (desired == DesiredStatus.DELETED) {
            throw new IllegalStateException("the session is being deleted; its spec cannot change");
        }
        if (children.size() != spec.parts().size()) {
            throw new IllegalStateException("the session is still starting its parts; try again");
        }
        if (!shape(newSpec).equals(shape(spec))) {
            throw new IllegalArgumentException("a spec change must keep the same parts and pods by name: "
                    + shape(spec) + ", got " + shape(newSpec));
        }
    }

    @Override
    public void partChanged(PartReport report) {
        parts.put(report.part().name(), report);
        dirty = true;
    }

    @Override
    public SessionView tree() {
        List<PartView> partViews = parts.values().stream().map(PartReport::part).toList();
        return new SessionView(sessionId, spec.owner(), desired, status, reason, message, generation,
                observedGeneration, spec.timeslot(), partViews);
    }

    private Promise<PartStatus> startPart(PartSpec part, ReconcileSettings settings) {
        ChildWorkflowOptions options = ChildWorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.part(sessionId, part.name()))
                // Never TERMINATE: a part's teardown must run even when the session closes abruptly.
                .setParentClosePolicy(ParentClosePolicy.PARENT_CLOSE_POLICY_REQUEST_CANCEL)
                .build();
        PartWorkflow child = Workflow.newChildWorkflowStub(PartWorkflow.class, options);
        Promise<PartStatus> result =
                Async.function(child::run, new PartInput(sessionId, part, desired, generation, settings));
        // Signals can reach a child only once it has started.
        Workflow.getWorkflowExecution(child).get();
        children.put(part.name(), child);
        return result;
    }

    private void cascade() {
        DesiredChange change = new DesiredChange(desired, generation);
        children.values().forEach(child -> child.setDesiredStatus(change));
        cascadedGeneration = generation;
    }

    private void rollUp() {
        Map<String, PartStatus> partStatuses = new LinkedHashMap<>();
        parts.forEach((name, report) -> partStatuses.put(name, report.part().status()));
        Rollup<SessionStatus> rollup = StatusRollup.session(desired, partStatuses);
        boolean partsCaughtUp = parts.values().stream().allMatch(r -> r.observedGeneration() == generation);
        long observed = rollup.converged() && partsCaughtUp ? generation : observedGeneration;
        if (rollup.status() == status && observed == observedGeneration) {
            return;
        }
        recorder.session(status, rollup.status(), rollup.reason(), rollup.message(), generation, observed);
        status = rollup.status();
        reason = rollup.reason();
        message = rollup.message();
        observedGeneration = observed;
    }

    private static Map<String, List<String>> shape(SessionSpec s) {
        Map<String, List<String>> names = new LinkedHashMap<>();
        s.parts().forEach(p -> names.put(p.name(), p.pods().stream().map(dev.steward.model.PodSpec::name).toList()));
        return names;
    }

    private static PartView notStarted(PartSpec part) {
        List<PodView> pods = part.pods().stream()
                .map(pod -> new PodView(pod.name(), PodStatus.PENDING, "NotReconciled", null, null, null))
                .toList();
        return new PartView(part.name(), PartStatus.PENDING, "NotStarted", "the part has not started yet", pods);
    }
}
