package dev.steward.workflow.session;

import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodStatus;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.SessionSpec;
import dev.steward.model.Reason;
import dev.steward.contract.DatabaseRefusals;
import dev.steward.workflow.ActivityFailures;
import dev.steward.workflow.ChangeIds;
import dev.steward.workflow.ExternalSignals;
import dev.steward.workflow.TransitionRecorder;
import dev.steward.workflow.part.DesiredChange;
import dev.steward.workflow.part.PartInput;
import dev.steward.workflow.part.PartReport;
import dev.steward.workflow.part.PartSpecChange;
import dev.steward.workflow.part.PartWorkflow;
import dev.steward.workflow.part.PodAction;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * A session's parts as workflows: starts them as its planner lets them, shows the ones not started,
 * and signals the started ones. Parts started by this run are its children; every part is signalled by
 * its workflow id, so a signal reaches its current run (parts continue as new).
 *
 * <p>A part's workflow may close while the session still needs it: terminated in the Temporal UI, by a
 * resume or a history limit. The session learns it from the child's result (the parts this run started)
 * or from a signal that finds it closed (any part), records the part PENDING (reason PartRestarted), and
 * starts it again under the same id when its planner says ({@link SessionPlanner#partRestartAt}); the new
 * run adopts its pods' containers and placements. A part started elsewhere meanwhile is adopted as it is.
 */
final class SessionParts {

    private static final Logger log = Workflow.getLogger(SessionParts.class);

    private final UUID sessionId;
    private final SessionState state;
    private final ReconcileSettings settings;
    private final SessionPlanner planner;
    private final TransitionRecorder transitions;
    /** The history length at which the parts continue as new. */
    private final int partsContinueAsNewAfterEvents;
    /** {@link ChangeIds#SESSION_PARTS_STARTED_TOGETHER} at version 1. */
    private final boolean startedTogether;

    /** The results of the parts this run started whose close the session has not looked at yet. */
    private final Map<String, Promise<PartStatus>> results = new LinkedHashMap<>();
    private final SessionEvents events;

    SessionParts(UUID sessionId, SessionState state, ReconcileSettings settings, SessionPlanner planner,
            TransitionRecorder transitions, SessionEvents events, int partsContinueAsNewAfterEvents,
            boolean startedTogether) {
        this.sessionId = sessionId;
        this.startedTogether = startedTogether;
        this.events = events;
        this.state = state;
        this.settings = settings;
        this.planner = planner;
        this.transitions = transitions;
        this.partsContinueAsNewAfterEvents = partsContinueAsNewAfterEvents;
    }

    /**
     * Does with the parts not started yet what the planner decided, in spec order. Each part is
     * decided as the loop reaches it: while a part starts, the ones before it may report, and an
     * update may replace the spec. The parts a pass of the loop lets start are asked for in one workflow
     * task, then each start is confirmed ({@link ChangeIds#SESSION_PARTS_STARTED_TOGETHER}).
     */
    void startOrShow(UnstartedParts what, Supplier<List<PartSpec>> spec) {
        switch (what) {
            case START_ALL -> {
                // A resumed session starts its parts at once, except those whose events have not arrived.
                List<PartSpec> open = new ArrayList<>();
                for (PartSpec part : unstarted(spec.get())) {
                    Optional<UnstartedPartState> awaiting = planner.awaiting(part, state.arrivedEvents);
                    if (awaiting.isEmpty()) {
                        startNowOrWithTheOthers(part, open);
                    } else {
                        // Its events never came: the lost run never started it either.
                        show(part, state.desired == DesiredStatus.RUNNING ? awaiting.get()
                                : planner.neverStarted(state.desired));
                    }
                }
                startAll(open);
            }
            case SHOW_NEVER_STARTED ->
                    unstarted(spec.get()).forEach(part -> show(part, planner.neverStarted(state.desired)));
            case WAIT_FOR_PROVISION -> { }
            case START_OPEN_GATES -> {
                // Until nothing changes: a part's WAITING reason names the parts before it as they are now.
                boolean changed = true;
                while (changed) {
                    changed = false;
                    List<PartSpec> open = new ArrayList<>();
                    for (PartSpec part : unstarted(spec.get())) {
                        Optional<UnstartedPartState> waiting = planner.gateShut(part, state.parts, state.arrivedEvents);
                        if (waiting.isEmpty()) {
                            startNowOrWithTheOthers(part, open);
                            changed = true;
                        } else {
                            changed |= show(part, waiting.get());
                        }
                    }
                    startAll(open);
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
        List.copyOf(state.started).forEach(name -> signal(name, part -> part.setDesiredStatus(change)));
        state.cascadedGeneration = change.generation();
    }

    /** Tells each started part whose completesOn event arrived, once. */
    void completeOnEvents(List<PartSpec> spec) {
        for (PartSpec part : spec) {
            if (part.completesOn() == null || !state.started.contains(part.name())
                    || state.completedByEvent.contains(part.name()) || state.closedParts.containsKey(part.name())) {
                continue;
            }
            EventEnv.match(part.completesOn(), state.arrivedEvents).ifPresent(event -> {
                if (signal(part.name(), stub -> stub.completeOnEvent(event.cause()))) {
                    state.completedByEvent.add(part.name());
                }
            });
        }
    }

    /** A failed pod stays failed across generations: its part tries it again from a fresh backoff. */
    void retryFailedPods(String part) {
        state.parts.get(part).part().pods().stream()
                .filter(pod -> pod.status() == PodStatus.FAILED)
                .forEach(pod -> signal(part, stub -> {
                    stub.podAction(new PodAction(pod.name(), PodAction.Kind.RESET_BACKOFF));
                    stub.podAction(new PodAction(pod.name(), PodAction.Kind.RESTART));
                }));
    }

    void reconcileNow() {
        List.copyOf(state.started).forEach(name -> signal(name, PartWorkflow::reconcileNow));
    }

    /** Started parts take the new spec now; the others start from it when their gate opens. */
    void updateSpec(SessionSpec spec) {
        for (PartSpec part : spec.parts()) {
            if (state.started.contains(part.name())) {
                PartSpecChange change = new PartSpecChange(events.withEvents(part), state.generation);
                signal(part.name(), stub -> stub.setSpec(change));
            }
        }
    }

    /**
     * The children of this run have returned, and no part waits to be started again; parts started by
     * earlier runs said DELETED before they returned.
     */
    boolean closed() {
        return results.values().stream().allMatch(Promise::isCompleted) && state.closedParts.isEmpty();
    }

    /** Whether a part closed that the loop has not looked at yet: a child's result, or a signal that found it closed. */
    boolean anyClosedUnseen() {
        return results.values().stream().anyMatch(Promise::isCompleted)
                || state.closedParts.values().stream().anyMatch(closed -> !closed.shown());
    }

    /**
     * Looks at the parts that closed: a child that returned DELETED is done; one that closed otherwise, or
     * was found closed by a signal, is recorded PENDING (PartRestarted) and waits to be started again.
     */
    void seeClosed() {
        List.copyOf(results.keySet()).forEach(name -> {
            Promise<PartStatus> result = results.get(name);
            if (result.isCompleted()) {
                results.remove(name);
                RuntimeException failure = result.getFailure();
                if (failure != null && ActivityFailures.isNotInDatabase(failure)) {
                    // Its session's rows are not in this deployment's database: neither is the session's.
                    throw ApplicationFailure.newNonRetryableFailure("part " + name + " failed: "
                            + ActivityFailures.rootMessage(failure), DatabaseRefusals.NOT_IN_DATABASE);
                }
                if (failure != null) {
                    closed(name, ClosedPart.howClosed(failure));
                }
            }
        });
        List.copyOf(state.closedParts.keySet()).forEach(name -> {
            ClosedPart closed = state.closedParts.get(name);
            if (!closed.shown()) {
                show(name, closed);
            }
        });
    }

    /** When the next part that closed is started again, in workflow millis; {@code null} when none waits. */
    Long nextRestartAt() {
        return state.closedParts.values().stream().map(ClosedPart::restartAt).min(Long::compare).orElse(null);
    }

    /** Starts again the parts that closed whose time has come, with the session's spec, desired status and generation. */
    void restartDue(Supplier<List<PartSpec>> spec) {
        long now = Workflow.currentTimeMillis();
        for (PartSpec part : spec.get()) {
            ClosedPart closed = state.closedParts.get(part.name());
            if (closed == null || !closed.shown() || closed.restartAt() > now) {
                continue;
            }
            state.closedParts.remove(part.name());
            state.partRestarts.put(part.name(), planner.partRestarted(state.partRestarts.get(part.name()), now));
            log.info("session {}: part {} starts again ({})", sessionId, part.name(), closed.how());
            start(part, true);
        }
    }

    private List<PartSpec> unstarted(List<PartSpec> spec) {
        return spec.stream().filter(part -> !state.started.contains(part.name())).toList();
    }

    /** Starts the part now, or adds it to {@code together}, the parts {@link #startAll} starts at once. */
    private void startNowOrWithTheOthers(PartSpec part, List<PartSpec> together) {
        if (startedTogether) {
            together.add(part);
        } else {
            // A resumed session cannot know what its lost run started: its parts look for their containers.
            start(part, state.resumed);
        }
    }

    /**
     * Asks for every part's start in this workflow task, then confirms each; a start that failed is thrown once
     * every other is confirmed, so that each part that did start is known to the session.
     */
    private void startAll(List<PartSpec> parts) {
        List<PartStart> starting = new ArrayList<>();
        for (PartSpec part : parts) {
            starting.add(ask(part, state.resumed));
        }
        RuntimeException failed = null;
        for (PartStart next : starting) {
            try {
                confirm(next);
            } catch (RuntimeException notStarted) {
                failed = failed == null ? notStarted : failed;
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    /** @param adopts whether containers of the part may exist already, for its first run to find */
    private void start(PartSpec part, boolean adopts) {
        confirm(ask(part, adopts));
    }

    private PartStart ask(PartSpec part, boolean adopts) {
        PartSpec withEvents = events.withEvents(part);
        return PartStart.ask(part, new PartInput(sessionId, withEvents, state.desired, state.generation, settings,
                partsContinueAsNewAfterEvents, null, adopts));
    }

    private void confirm(PartStart starting) {
        PartSpec part = starting.part();
        PartSpec withEvents = starting.input().spec();
        try {
            // Signals can reach a child only once it has started.
            starting.execution().get();
            results.put(part.name(), starting.result());
            state.started.add(part.name());
        } catch (ChildWorkflowFailure notStarted) {
            if (!(notStarted.getCause() instanceof WorkflowExecutionAlreadyStarted)) {
                throw notStarted;
            }
            // A run of it is running already (an earlier run of the session started it): adopted as it is, and
            // told what the session wants now; a signal finds it should it close.
            log.info("session {}: part {} runs already; adopted", sessionId, part.name());
            state.started.add(part.name());
            signal(part.name(), stub -> stub.setSpec(new PartSpecChange(withEvents, state.generation)));
            DesiredChange desired = new DesiredChange(state.desired, state.generation);
            signal(part.name(), stub -> stub.setDesiredStatus(desired));
        }
    }

    /**
     * Signals the part by its workflow id; a part found closed waits to be started again (the new run starts
     * from what the session wants now, so the signal is not sent again).
     *
     * @return whether the signal reached it
     */
    private boolean signal(String name, Consumer<PartWorkflow> send) {
        if (state.closedParts.containsKey(name)) {
            return false;
        }
        try {
            send.accept(stub(name));
            return true;
        } catch (RuntimeException failed) {
            if (!ExternalSignals.targetGone(failed)) {
                throw failed;
            }
            closed(name, "found closed when the session signalled it");
            return false;
        }
    }

    /**
     * The part's workflow closed: unless it ended as the session wanted (the session deletes its parts, and
     * the part said DELETED), it is started again when due.
     */
    private void closed(String name, String how) {
        boolean deletedAsWanted = state.desired == DesiredStatus.DELETED
                && state.parts.get(name).part().status() == PartStatus.DELETED;
        if (state.closedParts.containsKey(name) || deletedAsWanted) {
            return;
        }
        long now = Workflow.currentTimeMillis();
        state.closedParts.put(name, new ClosedPart(how, planner.partRestartAt(state.partRestarts.get(name), now), false));
        // The new run is told of its completesOn event again.
        state.completedByEvent.remove(name);
        log.warn("session {}: the workflow of part {} closed ({})", sessionId, name, how);
    }

    /** Records a part that closed as PENDING until it starts again. */
    private void show(String name, ClosedPart closed) {
        PartView before = state.parts.get(name).part();
        long now = Workflow.currentTimeMillis();
        String message = "the part's workflow closed (" + closed.how() + "); it starts again "
                + (closed.restartAt() <= now ? "now" : "at " + Instant.ofEpochMilli(closed.restartAt()))
                + ", adopting its pods' containers and placements";
        transitions.part(name, before.status(), PartStatus.PENDING, Reason.PART_RESTARTED.code(), message,
                state.generation, null);
        state.parts.put(name, new PartReport(new PartView(name, PartStatus.PENDING, Reason.PART_RESTARTED.code(), message,
                before.pods(), null, null), state.parts.get(name).observedGeneration(), null));
        state.closedParts.put(name, closed.asShown());
    }

    /** Shows a part that has no workflow yet; returns whether that changed anything. */
    private boolean show(PartSpec part, UnstartedPartState shown) {
        PartView before = state.parts.get(part.name()).part();
        if (before.status() == shown.status() && before.message().equals(shown.message())) {
            return false;
        }
        if (before.status() != shown.status()) {
            transitions.part(part.name(), before.status(), shown.status(), shown.reason(), shown.message(),
                    state.generation, null);
        }
        state.parts.put(part.name(), new PartReport(
                new PartView(part.name(), shown.status(), shown.reason(), shown.message(), before.pods(),
                        null, null), state.generation, null));
        return true;
    }

    private PartWorkflow stub(String name) {
        return Workflow.newExternalWorkflowStub(PartWorkflow.class, WorkflowIds.part(sessionId, name));
    }
}
