package dev.steward.workflow.session;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerState;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.RecordingActivities;
import dev.steward.contract.StewardLabels;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.Condition;
import dev.steward.model.DesiredStatus;
import dev.steward.model.FailurePolicy;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.PartGates;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.Reason;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.Rollup;
import dev.steward.model.SessionConditions;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionSpecValidator;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.StatusRollup;
import dev.steward.model.Timeslot;
import dev.steward.workflow.ActivityDefaults;
import dev.steward.workflow.ChangeIds;
import dev.steward.workflow.HostStubs;
import dev.steward.workflow.TransitionRecorder;
import dev.steward.workflow.part.DesiredChange;
import dev.steward.workflow.part.PartFailure;
import dev.steward.workflow.part.PartInput;
import dev.steward.workflow.part.PartReport;
import dev.steward.workflow.part.PartSpecChange;
import dev.steward.workflow.part.PartWorkflow;
import dev.steward.workflow.part.PodAction;
import io.temporal.activity.ActivityOptions;
import io.temporal.api.enums.v1.ParentClosePolicy;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.slf4j.Logger;

/**
 * The entity workflow of one session: runs its timeslot as timers, starts a {@link PartWorkflow}
 * per part in order and by gate, cascades the desired status down to them, rolls their reports up
 * into the session's status and conditions, escalates failed parts by their policy, and continues
 * as new, carrying its whole state, before its history grows long.
 */
public class SessionWorkflowImpl implements SessionWorkflow {

    private static final Logger log = Workflow.getLogger(SessionWorkflowImpl.class);

    /** How often the kill path lists the engine again once it found nothing, until the deadline. */
    private static final Duration FORCED_RELIST = Duration.ofSeconds(1);

    private final RecordingActivities recording =
            Workflow.newActivityStub(RecordingActivities.class, ActivityDefaults.withTimeout(Duration.ofSeconds(30)));

    /** The kill path must finish inside the kill margin: short attempts, close together. */
    private static final ActivityOptions FORCED = ActivityOptions.newBuilder()
            .setStartToCloseTimeout(Duration.ofSeconds(5))
            .setRetryOptions(RetryOptions.newBuilder()
                    .setInitialInterval(Duration.ofMillis(200))
                    .setBackoffCoefficient(2)
                    .setMaximumInterval(Duration.ofSeconds(1))
                    .build())
            .build();

    /** The local engine, for sessions whose parts started before placement. */
    private final ContainerActivities forcedRemoval = Workflow.newActivityStub(ContainerActivities.class, FORCED);
    private final HostStubs<ContainerActivities> forcedRemovalOnHost = new HostStubs<>(ContainerActivities.class, FORCED);
    private final PlacementActivities forcedPlacement = Workflow.newActivityStub(PlacementActivities.class, FORCED);

    private UUID sessionId;
    private SessionSpec spec;
    private ReconcileSettings settings;
    private LifecycleSettings lifecycle;
    private TransitionRecorder recorder;
    /** False while replaying a session recorded before timeslots, gates and escalation existed. */
    private boolean managed;

    private DesiredStatus desired;
    private long generation;
    private long observedGeneration;
    private SessionStatus status = SessionStatus.PENDING;
    private String reason = Reason.CREATED.code();
    private String message = "the session has not been reconciled yet";
    private Timeslot timeslot;
    private final Set<TimeslotMoment> done = EnumSet.noneOf(TimeslotMoment.class);
    private final Map<String, PartReport> parts = new LinkedHashMap<>();
    private final Set<String> started = new LinkedHashSet<>();
    private long cascadedGeneration;
    private List<Condition> conditions = List.of();
    private Ending ending;
    /** Why the desired status last changed, when the session changed it itself; shown until it converges. */
    private String cause;
    private String causeMessage;

    /** Children started by this run, with their results; earlier runs' children are reached by id. */
    private final Map<String, PartWorkflow> children = new LinkedHashMap<>();
    private final Map<String, Promise<PartStatus>> results = new LinkedHashMap<>();
    /** Set by every handler that changes state; the main loop re-evaluates when it is set. */
    private boolean dirty = true;
    private boolean forced;

    private CancellationScope timerScope;
    private Promise<Void> timer;
    private Instant timerAt;

    @Override
    public SessionStatus run(SessionInput input) {
        managed = Workflow.getVersion(ChangeIds.SESSION_TIMESLOTS, Workflow.DEFAULT_VERSION, 1) >= 1;
        sessionId = input.sessionId();
        spec = input.spec();
        settings = input.settings();
        lifecycle = input.lifecycle();
        recorder = new TransitionRecorder(recording, sessionId);
        if (input.carried() == null) {
            desired = spec.desiredStatus();
            generation = input.generation();
            timeslot = spec.timeslot();
            cascadedGeneration = generation; // each part starts with the current desired status
            for (PartSpec part : spec.parts()) {
                parts.put(part.name(), new PartReport(notStarted(part), 0, null));
            }
        } else {
            restore(input.carried());
        }
        if (managed) {
            upsertSearchAttributes();
            upsertMemo();
        }
        while (true) {
            if (managed && continueAsNewDue()) {
                // Handlers still running would lose their callers; let them finish, then carry everything.
                Workflow.await(Workflow::isEveryHandlerFinished);
                Workflow.continueAsNew(new SessionInput(sessionId, spec, generation, settings, lifecycle, state()));
            }
            awaitWork();
            dirty = false;
            if (managed) {
                actOnTimeslot();
                if (isTerminal()) {
                    break;
                }
                escalate();
            }
            startOpenParts();
            if (cascadedGeneration != generation) {
                // Record the new intent (STOPPING, ...) before any part can act on it.
                rollUp();
                cascade();
            }
            rollUp();
            if (isTerminal()) {
                break;
            }
        }
        // An update's handler may still be recording its change; closing now would fail its caller.
        Workflow.await(Workflow::isEveryHandlerFinished);
        return status;
    }

    // ---- handlers

    @Override
    public DesiredStatusChange setDesiredStatus(DesiredStatus requested) {
        // An update can arrive in the workflow's first task, before run() has read its input.
        Workflow.await(() -> sessionId != null);
        if (requested == desired) {
            return new DesiredStatusChange(desired, generation, false);
        }
        changeDesired(requested);
        cause = null;
        return new DesiredStatusChange(desired, generation, true);
    }

    @Override
    public void validateDesiredStatus(DesiredStatus requested) {
        if (requested == null) {
            throw new IllegalArgumentException("desiredStatus is required: one of RUNNING, STOPPED, DELETED");
        }
        refuseAfterDeadline();
        if (desired == DesiredStatus.DELETED && requested != DesiredStatus.DELETED) {
            throw new IllegalStateException("the session is being deleted; it cannot become " + requested);
        }
    }

    @Override
    public TimeslotChange setTimeslot(Timeslot requested) {
        timeslot = requested;
        Instant now = now();
        // A moment moved back into the future is acted on again when it comes.
        done.removeIf(m -> m != TimeslotMoment.PROVISION && isAfter(TimeslotSchedule.at(m, timeslot, lifecycle), now));
        generation++;
        dirty = true;
        recording.recordTimeslot(sessionId, timeslot, generation);
        upsertMemo();
        return new TimeslotChange(timeslot, generation);
    }

    @Override
    public void validateTimeslot(Timeslot requested) {
        if (requested == null) {
            throw new IllegalArgumentException("a timeslot is required");
        }
        var errors = SessionSpecValidator.validateTimeslot(requested, "");
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(errors.stream().map(e -> e.field() + " " + e.message())
                    .collect(Collectors.joining("; ")));
        }
        if (!managed) {
            throw new IllegalStateException("the session started before timeslots could move; it keeps its timeslot");
        }
        refuseAfterDeadline();
        if (desired == DesiredStatus.DELETED || done.contains(TimeslotMoment.TEARDOWN)) {
            throw new IllegalStateException("the session is being torn down; its timeslot cannot change");
        }
        if (requested.cleanupDeadline() != null && !requested.cleanupDeadline().isAfter(now())) {
            throw new IllegalStateException("cleanupDeadline " + requested.cleanupDeadline() + " has passed");
        }
    }

    @Override
    public OperatorActionResult retryPart(String part) {
        generation++;
        dirty = true;
        // A failed pod stays failed across generations: its part tries it again from a fresh backoff.
        PartWorkflow stub = partStub(part);
        parts.get(part).part().pods().stream()
                .filter(pod -> pod.status() == PodStatus.FAILED)
                .forEach(pod -> {
                    stub.podAction(new PodAction(pod.name(), PodAction.Kind.RESET_BACKOFF));
                    stub.podAction(new PodAction(pod.name(), PodAction.Kind.RESTART));
                });
        recording.recordDesiredStatus(sessionId, desired, generation);
        return new OperatorActionResult("retry-part", part, generation);
    }

    @Override
    public void validateRetryPart(String part) {
        refuseAfterDeadline();
        PartReport report = part == null ? null : parts.get(part);
        if (report == null) {
            throw new IllegalArgumentException("the session has no part '" + part + "'");
        }
        if (ending != null || desired != DesiredStatus.RUNNING) {
            throw new IllegalStateException("the session's desired status is " + desired
                    + (ending == null ? "" : " (" + ending.message() + ")") + "; only a RUNNING session retries parts");
        }
        if (report.part().status() != PartStatus.FAILED) {
            throw new IllegalStateException("part " + part + " is " + report.part().status() + ", not FAILED");
        }
    }

    @Override
    public OperatorActionResult reconcileNow() {
        started.forEach(name -> partStub(name).reconcileNow());
        dirty = true;
        return new OperatorActionResult("reconcile", sessionId.toString(), generation);
    }

    @Override
    public void validateReconcileNow() {
        refuseAfterDeadline();
        if (isTerminal()) {
            throw new IllegalStateException("the session has ended " + status);
        }
    }

    @Override
    public long updateSpec(SessionSpec newSpec) {
        generation++;
        spec = new SessionSpec(spec.owner(), desired, newSpec.parts(), spec.timeslot(), spec.restart());
        recording.recordSpec(sessionId, spec, generation);
        // Parts not started yet start from the new spec when their gate opens.
        for (PartSpec part : spec.parts()) {
            if (started.contains(part.name())) {
                partStub(part.name()).setSpec(new PartSpecChange(part, generation));
            }
        }
        dirty = true;
        return generation;
    }

    @Override
    public void validateSpec(SessionSpec newSpec) {
        if (newSpec == null) {
            throw new IllegalArgumentException("a spec is required");
        }
        refuseAfterDeadline();
        if (desired == DesiredStatus.DELETED) {
            throw new IllegalStateException("the session is being deleted; its spec cannot change");
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
                observedGeneration, timeslot, conditions, partViews);
    }

    // ---- the main loop's steps

    /** Waits until a handler changed something, a timeslot moment came, or the last children closed. */
    private void awaitWork() {
        Optional<TimeslotMoment> next =
                managed ? TimeslotSchedule.next(timeslot, lifecycle, done) : Optional.empty();
        if (!dirty) {
            armTimer(next.map(m -> TimeslotSchedule.at(m, timeslot, lifecycle)).orElse(null));
        }
        if (managed) {
            Workflow.setCurrentDetails(waitingFor(next));
        }
        Workflow.await(() -> dirty || (timer != null && timer.isCompleted()) || isTerminal());
    }

    /** One timer, for the next moment; moved when the timeslot moves. */
    private void armTimer(Instant at) {
        boolean fired = timer != null && timer.isCompleted();
        if (!fired && Objects.equals(at, timerAt)) {
            return;
        }
        if (timerScope != null && !fired) {
            timerScope.cancel();
        }
        timerScope = null;
        timer = null;
        timerAt = at;
        if (at == null) {
            return;
        }
        long millis = Math.max(1, Duration.between(now(), at).toMillis() + 1);
        timerScope = Workflow.newCancellationScope(() -> {
            timer = Workflow.newTimer(Duration.ofMillis(millis));
        });
        timerScope.run();
    }

    private void actOnTimeslot() {
        Instant now = now();
        for (TimeslotMoment moment : TimeslotSchedule.due(timeslot, lifecycle, done, now)) {
            done.add(moment);
            switch (moment) {
                case PROVISION -> log.info("session {}: provisioning", sessionId);
                case END -> {
                    if (desired == DesiredStatus.RUNNING) {
                        changeDesired(DesiredStatus.STOPPED);
                        cause = Reason.TIMESLOT_ENDED.code();
                        causeMessage = "endAt " + timeslot.endAt() + " has come";
                    }
                }
                case TEARDOWN -> {
                    if (desired != DesiredStatus.DELETED) {
                        ending = new Ending(SessionStatus.DELETED, Reason.CLEANUP_DEADLINE.code(), "the cleanup deadline "
                                + timeslot.cleanupDeadline() + " comes in " + lifecycle.teardownBudget()
                                + " (teardown budget): removing everything");
                        changeDesired(DesiredStatus.DELETED);
                    }
                }
                case KILL -> {
                    if (!isTerminal()) {
                        forceRemoval();
                    }
                }
            }
        }
    }

    /**
     * The kill path: graceful teardown has not finished by the kill margin. Stops every part, then
     * removes every container labelled with the session itself until the deadline, in a detached
     * scope with short timeouts, so a part that hangs, retries or backs off cannot hold it up; then
     * the session ends EXPIRED.
     */
    private void forceRemoval() {
        Instant deadline = timeslot.cleanupDeadline();
        // Parts still busy (a hanging call, a retry, a backoff) stop first, so none creates anything more.
        started.forEach(name -> Async.procedure(() -> {
            try {
                Workflow.newUntypedExternalWorkflowStub(WorkflowIds.part(sessionId, name)).cancel();
            } catch (RuntimeException gone) {
                log.info("session {}: part {} is already closed", sessionId, name);
            }
        }));
        List<String> left = new ArrayList<>();
        CancellationScope scope = Workflow.newDetachedCancellationScope(() -> {
            Duration remaining = Duration.between(now(), deadline);
            // Late (a worker was down): still try, for at least the kill margin.
            Instant until = remaining.isPositive() ? deadline : now().plus(lifecycle.killMargin());
            boolean placed = Workflow.getVersion(ChangeIds.SESSION_KILL_ON_EVERY_HOST, Workflow.DEFAULT_VERSION, 1) >= 1;
            Promise<Void> removal = Async.procedure(() -> removeUntil(until, left, placed));
            Workflow.await(Duration.between(now(), until), removal::isCompleted);
        });
        scope.run();
        scope.cancel();
        forced = true;
        String what = left.isEmpty() ? "every container was removed by force"
                : "forced removal did not confirm by the deadline; last seen: " + String.join(", ", left);
        ending = new Ending(SessionStatus.EXPIRED, Reason.CLEANUP_DEADLINE_FORCED.code(), "teardown had not finished "
                + lifecycle.killMargin() + " (kill margin) before the cleanup deadline " + deadline + ": " + what);
        recordFinal();
    }

    /**
     * Lists and removes until {@code until}, listing again after it found nothing, so that an engine
     * call that succeeds late is undone too; {@code left} holds what the last listing saw. Placed
     * sessions are cleared on every registered host, each on its own so one that does not answer
     * holds up none of the others, and whatever the session's parts placed or left anywhere is found,
     * parts started before placement (on the local engine) included.
     */
    private void removeUntil(Instant until, List<String> left, boolean placed) {
        while (now().isBefore(until)) {
            try {
                List<ContainerActivities> engines = placed
                        ? forcedPlacement.hostNames().stream().map(forcedRemovalOnHost::on).toList()
                        : List.of(forcedRemoval);
                left.clear();
                Promise.allOf(engines.stream()
                        .map(engine -> Async.procedure(() -> removeAllOn(engine, left)))
                        .toList()).get();
                if (!left.isEmpty()) {
                    continue; // list again at once: confirm they are gone
                }
            } catch (ActivityFailure failure) {
                log.warn("session {}: forced removal failed once, trying again", sessionId);
            }
            Duration rest = Duration.between(now(), until);
            Workflow.sleep(rest.compareTo(FORCED_RELIST) < 0 ? rest : FORCED_RELIST);
        }
    }

    /** Removes every container of the session on one engine, adding the names it found to {@code seen}. */
    private void removeAllOn(ContainerActivities engine, List<String> seen) {
        List<ContainerState> containers = engine.listContainers(StewardLabels.forSession(sessionId));
        containers.forEach(c -> seen.add(c.name()));
        Promise.allOf(containers.stream()
                .map(c -> Async.procedure(engine::removeContainer, c.id()))
                .toList()).get();
    }

    /** Applies each failed part's policy; an aborting one tears the whole session down. */
    private void escalate() {
        if (ending != null || desired == DesiredStatus.DELETED) {
            return;
        }
        for (PartSpec part : spec.parts()) {
            PartReport report = parts.get(part.name());
            if (part.onFailure() == FailurePolicy.ABORT && report.part().status() == PartStatus.FAILED) {
                ending = new Ending(SessionStatus.FAILED, Reason.PART_FAILED.code(), describeFailure(part.name(), report)
                        + "; onFailure abort: the session is torn down");
                changeDesired(DesiredStatus.DELETED);
                return;
            }
        }
    }

    /** Starts every part whose gate is open, in spec order; shows the others WAITING with the reason. */
    private void startOpenParts() {
        if (!managed) {
            spec.parts().stream().filter(part -> !started.contains(part.name())).forEach(this::startPart);
            return;
        }
        if (desired != DesiredStatus.RUNNING) {
            for (PartSpec part : spec.parts()) {
                if (!started.contains(part.name())) {
                    PartStatus gone = desired == DesiredStatus.STOPPED ? PartStatus.STOPPED : PartStatus.DELETED;
                    showUnstarted(part, gone, Reason.NEVER_STARTED.code(), "the part was never started");
                }
            }
            return;
        }
        if (!done.contains(TimeslotMoment.PROVISION)) {
            return;
        }
        // Until nothing changes: a part's WAITING reason names the parts before it as they are now.
        boolean changed = true;
        while (changed) {
            changed = false;
            for (PartSpec part : spec.parts()) {
                if (started.contains(part.name())) {
                    continue;
                }
                List<String> blockers = PartGates.blockers(part, partStatuses());
                if (blockers.isEmpty()) {
                    startPart(part);
                    changed = true;
                } else {
                    changed |= showUnstarted(part, PartStatus.WAITING, Reason.WAITING_FOR_PARTS.code(),
                            "waits for " + String.join(", ", blockers) + " to be " + part.when());
                }
            }
        }
    }

    /** Shows a part that has no workflow yet; returns whether that changed anything. */
    private boolean showUnstarted(PartSpec part, PartStatus to, String why, String what) {
        PartView before = parts.get(part.name()).part();
        if (before.status() == to && before.message().equals(what)) {
            return false;
        }
        if (before.status() != to) {
            recorder.part(part.name(), before.status(), to, why, what, generation);
        }
        parts.put(part.name(), new PartReport(
                new PartView(part.name(), to, why, what, before.pods()), generation, null));
        return true;
    }

    private void startPart(PartSpec part) {
        ChildWorkflowOptions options = ChildWorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.part(sessionId, part.name()))
                // A continue-as-new closes the run, and a close policy would cancel every part; the session
                // itself tears its parts down (DELETED, abort, the cleanup deadline). Never TERMINATE.
                .setParentClosePolicy(managed ? ParentClosePolicy.PARENT_CLOSE_POLICY_ABANDON
                        : ParentClosePolicy.PARENT_CLOSE_POLICY_REQUEST_CANCEL)
                .build();
        PartWorkflow child = Workflow.newChildWorkflowStub(PartWorkflow.class, options);
        results.put(part.name(), Async.function(child::run, new PartInput(sessionId, part, desired, generation, settings)));
        // Signals can reach a child only once it has started.
        Workflow.getWorkflowExecution(child).get();
        children.put(part.name(), child);
        started.add(part.name());
    }

    private void cascade() {
        DesiredChange change = new DesiredChange(desired, generation);
        started.forEach(name -> partStub(name).setDesiredStatus(change));
        cascadedGeneration = generation;
    }

    private PartWorkflow partStub(String name) {
        PartWorkflow child = children.get(name);
        return child != null ? child
                : Workflow.newExternalWorkflowStub(PartWorkflow.class, WorkflowIds.part(sessionId, name));
    }

    private void rollUp() {
        Rollup<SessionStatus> rollup = StatusRollup.session(desired, partStatuses());
        boolean partsCaughtUp = parts.values().stream().allMatch(r -> r.observedGeneration() == generation);
        long observed = rollup.converged() && partsCaughtUp ? generation : observedGeneration;
        SessionStatus to = rollup.status();
        String why = rollup.reason();
        String what = rollup.message();
        if (ending != null) {
            boolean gone = to == SessionStatus.DELETED;
            to = gone ? ending.status() : SessionStatus.STOPPING;
            why = ending.reason();
            what = gone ? ending.message() : "tearing down: " + ending.message() + " (" + rollup.message() + ")";
        } else if (cause != null && !rollup.converged()) {
            why = cause;
            what = causeMessage + ": " + rollup.message();
        } else if (!done.contains(TimeslotMoment.PROVISION) && managed) {
            to = SessionStatus.PENDING;
            why = Reason.WAITING_FOR_PROVISION_AT.code();
            what = "provisioning starts at " + timeslot.provisionAt();
        }
        if (to == status && observed == observedGeneration && (!managed || why.equals(reason))) {
            return;
        }
        recorder.session(status, to, why, what, generation, observed);
        status = to;
        reason = why;
        message = what;
        observedGeneration = observed;
        if (managed) {
            updateConditions();
            Workflow.upsertTypedSearchAttributes(SessionSearchAttributes.STATUS.valueSet(status.name()));
        }
    }

    /** Records the session's final status after the kill path, whatever the parts report. */
    private void recordFinal() {
        recorder.session(status, ending.status(), ending.reason(), ending.message(), generation, observedGeneration);
        status = ending.status();
        reason = ending.reason();
        message = ending.message();
        updateConditions();
        Workflow.upsertTypedSearchAttributes(SessionSearchAttributes.STATUS.valueSet(status.name()));
    }

    private void updateConditions() {
        List<Condition> next = SessionConditions.of(conditions, status, reason, message, now());
        if (!next.equals(conditions)) {
            conditions = next;
            recording.recordConditions(sessionId, conditions);
        }
    }

    private void changeDesired(DesiredStatus to) {
        desired = to;
        generation++;
        dirty = true;
        recording.recordDesiredStatus(sessionId, desired, generation);
        if (managed) {
            Workflow.upsertTypedSearchAttributes(SessionSearchAttributes.DESIRED_STATUS.valueSet(desired.name()));
        }
    }

    // ---- state

    private boolean isTerminal() {
        boolean allDeleted = status == SessionStatus.DELETED || (ending != null && status == ending.status());
        return forced || (allDeleted && childrenClosed());
    }

    /** Children of this run have returned; parts started by earlier runs said DELETED before they returned. */
    private boolean childrenClosed() {
        return results.values().stream().allMatch(Promise::isCompleted);
    }

    private Map<String, PartStatus> partStatuses() {
        Map<String, PartStatus> statuses = new LinkedHashMap<>();
        parts.forEach((name, report) -> statuses.put(name, report.part().status()));
        return statuses;
    }

    private boolean continueAsNewDue() {
        return Workflow.getInfo().isContinueAsNewSuggested()
                || Workflow.getInfo().getHistoryLength() >= lifecycle.continueAsNewAfterEvents();
    }

    private SessionState state() {
        return new SessionState(desired, generation, observedGeneration, status, reason, message, timeslot,
                EnumSet.copyOf(done.isEmpty() ? EnumSet.noneOf(TimeslotMoment.class) : done),
                new LinkedHashMap<>(parts), new LinkedHashSet<>(started), cascadedGeneration, conditions, ending, cause,
                causeMessage);
    }

    private void restore(SessionState carried) {
        desired = carried.desired();
        generation = carried.generation();
        observedGeneration = carried.observedGeneration();
        status = carried.status();
        reason = carried.reason();
        message = carried.message();
        timeslot = carried.timeslot();
        done.addAll(carried.done());
        parts.putAll(carried.parts());
        started.addAll(carried.started());
        cascadedGeneration = carried.cascadedGeneration();
        conditions = carried.conditions();
        ending = carried.ending();
        cause = carried.cause();
        causeMessage = carried.causeMessage();
    }

    private void upsertSearchAttributes() {
        Workflow.upsertTypedSearchAttributes(SessionSearchAttributes.STATUS.valueSet(status.name()),
                SessionSearchAttributes.DESIRED_STATUS.valueSet(desired.name()));
    }

    private void upsertMemo() {
        if (!managed) {
            return;
        }
        Map<String, Object> memo = new LinkedHashMap<>();
        memo.put("owner", spec.owner());
        memo.put("timeslot", timeslot);
        Workflow.upsertMemo(memo);
    }

    private void refuseAfterDeadline() {
        Instant deadline = timeslot == null ? null : timeslot.cleanupDeadline();
        if (managed && deadline != null && !now().isBefore(deadline)) {
            throw new IllegalStateException("the cleanup deadline " + deadline + " has passed; the session cannot change");
        }
    }

    /** What the main loop waits for, in words, for the Temporal UI. */
    private String waitingFor(Optional<TimeslotMoment> next) {
        String moment = next.map(m -> "; next: " + m.name().toLowerCase() + " at "
                + TimeslotSchedule.at(m, timeslot, lifecycle)).orElse("; no timeslot moment left");
        return status + " (" + reason + "): " + message + moment
                + "; waiting for part reports, operator updates or that moment";
    }

    private static String describeFailure(String part, PartReport report) {
        PartFailure failure = report.failure();
        if (failure == null) {
            return "part " + part + " failed: " + report.part().message();
        }
        return "part " + part + " failed: pod " + failure.pod() + " " + failure.reason() + " (" + failure.message()
                + ") after " + failure.attempts() + " attempt(s)";
    }

    private static boolean isAfter(Instant at, Instant now) {
        return at != null && at.isAfter(now);
    }

    private static Instant now() {
        return Instant.ofEpochMilli(Workflow.currentTimeMillis());
    }

    private static Map<String, List<String>> shape(SessionSpec s) {
        Map<String, List<String>> names = new LinkedHashMap<>();
        s.parts().forEach(p -> names.put(p.name(), p.pods().stream().map(dev.steward.model.PodSpec::name).toList()));
        return names;
    }

    private static PartView notStarted(PartSpec part) {
        List<PodView> pods = part.pods().stream()
                .map(pod -> new PodView(pod.name(), PodStatus.PENDING, Reason.NOT_RECONCILED.code(), null, null, null))
                .toList();
        return new PartView(part.name(), PartStatus.PENDING, Reason.NOT_STARTED.code(), "the part has not started yet", pods);
    }
}
