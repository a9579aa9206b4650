package dev.steward.workflow.part;

import com.uber.m3.tally.Scope;
import dev.steward.contract.ContainerEvent;
import dev.steward.contract.ContainerState;
import dev.steward.contract.DatabaseRefusals;
import dev.steward.contract.Drift;
import dev.steward.contract.HostNotice;
import dev.steward.contract.HostResync;
import dev.steward.contract.MetricNames;
import dev.steward.contract.RecordingActivities;
import dev.steward.contract.StewardLabels;
import dev.steward.model.DesiredStatus;
import dev.steward.model.EventCause;
import dev.steward.model.HostStatus;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodSpec;
import dev.steward.model.PodView;
import dev.steward.workflow.ActivityDefaults;
import dev.steward.workflow.ChangeIds;
import dev.steward.workflow.LazyStub;
import dev.steward.workflow.TransitionRecorder;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;

/**
 * Observe, plan, act, record, report: each pass lists the part's containers once, converges every pod
 * in parallel ({@link PodConvergence}, planned by the {@link PodPlanner}), rolls the pods up into the
 * part's status ({@link PartRollUp}), records it and reports it to the session. A pass runs when
 * something asks for one: a new generation, an engine event or a resync that saw drift (both relayed
 * by the host workflow), a readiness change, an operator, or a due restart, deadline or placement retry.
 */
public class PartWorkflowImpl implements PartWorkflow {

    private static final Logger log = Workflow.getLogger(PartWorkflowImpl.class);

    /** The retried writes, for when a first try failed. */
    private final LazyStub<RecordingActivities> recording = new LazyStub<>(
            () -> Workflow.newActivityStub(RecordingActivities.class, ActivityDefaults.database(Duration.ofSeconds(30))));
    /** A run that continued as new replaces it with the state carried from the run before. */
    private PartState state = new PartState();
    private final PartPlanner partPlanner = new PartPlanner();
    private PodEngines engines;
    private PartRollUp rollUp;
    private TransitionRecorder recorder;
    private PodRestarts restarts;
    private PodTransitions transitions;
    private PodConvergence pods;
    private PodReplicas replicas;
    private PodPlacement placement;
    private ProgressDeadline progress;
    /** Whether no container of the part can exist yet: a first run that adopts none, before its first pass. */
    private boolean nothingCreatedYet;
    /** {@link ChangeIds#PART_FEWER_ROUND_TRIPS} at version 1. */
    private boolean fewerRoundTrips;
    /** {@link ChangeIds#PART_PASS_IN_ONE_WRITE} at version 1. */
    private boolean passInOneWrite;

    @Override
    public PartStatus run(PartInput input) {
        fewerRoundTrips = Workflow.getVersion(ChangeIds.PART_FEWER_ROUND_TRIPS, Workflow.DEFAULT_VERSION, 1) == 1;
        if (input.carried() != null) {
            state = input.carried();
        } else {
            state.takeInput(input);
        }
        boolean localFirstWrites =
                Workflow.getVersion(ChangeIds.PART_LOCAL_FIRST_WRITES, Workflow.DEFAULT_VERSION, 1) == 1;
        recorder = new TransitionRecorder(recording, state.sessionId, TransitionRecorder.Mode.WRITES_BEHIND,
                localFirstWrites);
        if (input.carried() == null) {
            state.addPods();
        }
        nothingCreatedYet = fewerRoundTrips && input.carried() == null && !input.adopts();
        if (localFirstWrites && nothingCreatedYet
                && Workflow.getVersion(ChangeIds.PART_ENGINE_CALLS_FIRST, Workflow.DEFAULT_VERSION, 1) == 1) {
            // The first pass creates every pod: their answers bring the next task, which writes the CREATINGs.
            recorder.holdUntilNextTask();
        }
        passInOneWrite = localFirstWrites
                && Workflow.getVersion(ChangeIds.PART_PASS_IN_ONE_WRITE, Workflow.DEFAULT_VERSION, 1) == 1;
        buildCollaborators(fewerRoundTrips);
        if (input.carried() == null && input.adopts()) {
            new PodAdoption(state).adopt();
        }
        try {
            boolean whole = true;
            while (true) {
                continueAsNewWhenLong(input);
                long passGeneration = state.generation;
                if (whole) {
                    reconcile();
                } else {
                    convergeDied();
                }
                recorder.failIfNotInDatabase();
                // A pass during which a new generation arrived does not report: its status (STOPPED, say) would
                // reach the session before the part had observed that generation, and the session would record
                // it twice, once per generation. A new pass observes the current one.
                if (state.generation != passGeneration) {
                    continue;
                }
                rollUp.afterPass(passGeneration);
                if (state.status == PartStatus.DELETED) {
                    settle();
                    return state.status;
                }
                whole = awaitWork(passGeneration);
            }
        } catch (CanceledFailure canceled) {
            // The session went away without deleting us: remove what we own, whatever it takes.
            Workflow.newDetachedCancellationScope(() -> {
                state.runtimes.values().forEach(PodRuntime::stopProbe);
                state.desired = DesiredStatus.DELETED;
                reconcile();
                rollUp.afterPass(state.generation);
                recorder.flush();
            }).run();
            throw canceled;
        } catch (ApplicationFailure failure) {
            if (DatabaseRefusals.NOT_IN_DATABASE.equals(failure.getType())) {
                // No row will ever release the room its pods hold: without this, their hosts could never be deleted.
                state.podSpecs.values().forEach(pod -> placement.releaseEverywhere(pod, state.runtimes.get(pod.name())));
            }
            throw failure;
        }
    }

    @Override
    public void setDesiredStatus(DesiredChange change) {
        if (change.generation() > state.generation) {
            state.desired = change.desired();
            state.generation = change.generation();
            if (state.completedBy != null) {
                stayCompleted();
            }
        }
    }

    @Override
    public void completeOnEvent(EventCause event) {
        if (state.completedBy != null) {
            return;
        }
        state.completedBy = event.describe();
        stayCompleted();
        state.wake = true;
    }

    /** A completed part keeps its pods stopped while its session runs, and goes as its session says otherwise. */
    private void stayCompleted() {
        state.showsCompleted = state.desired == DesiredStatus.RUNNING;
        if (state.showsCompleted) {
            state.desired = DesiredStatus.STOPPED;
        }
    }

    @Override
    public void reconcileNow() {
        state.wake = true;
    }

    @Override
    public void setSpec(PartSpecChange change) {
        // The session may cascade its desired status with the same generation before the spec arrives.
        if (change.generation() >= state.generation) {
            state.takeSpec(change.spec());
            state.generation = change.generation();
            state.wake = true;
        }
    }

    @Override
    public void containerEvent(ContainerEvent event) {
        log.debug("part {}: {} of container {} (pod {})", state.name, event.action(), event.containerId(), event.pod());
        if (state.diedServing(event)) {
            state.died.add(event.pod());
        } else if (!state.startedByThePart(event, fewerRoundTrips)) {
            state.wake = true;
        }
    }

    @Override
    public void resync(List<ContainerState> observed) {
        if (Drift.between(state.pods.values(), observed)) {
            state.wake = true;
        }
    }

    @Override
    public void resyncHost(HostResync resync) {
        List<PodView> there = state.pods.values().stream()
                .filter(pod -> resync.host().equals(state.runtimes.get(pod.name()).host()))
                .toList();
        if (Drift.between(there, resync.containers())) {
            state.wake = true;
        }
    }

    @Override
    public void hostChanged(HostNotice notice) {
        if (notice.status() == HostStatus.READY) {
            state.hostsNotTakingPods.remove(notice.host());
        } else {
            state.hostsNotTakingPods.put(notice.host(), notice);
        }
        state.wake = true;
    }

    @Override
    public void podAction(PodAction action) {
        state.pendingActions.add(action);
        state.wake = true;
    }

    @Override
    public PartView view() {
        return state.view();
    }

    /**
     * A part lives as long as its session and may restart a pod any number of times: once its history
     * is long (or Temporal suggests it), the run carries its whole state into a new one, between passes,
     * with every transition written and every handler done. Probes start again in the new run.
     */
    private void continueAsNewWhenLong(PartInput input) {
        Integer limit = input.continueAsNewAfterEvents();
        if (limit == null
                || (!Workflow.getInfo().isContinueAsNewSuggested() && Workflow.getInfo().getHistoryLength() < limit)) {
            return;
        }
        settle();
        Workflow.continueAsNew(new PartInput(input.sessionId(), input.spec(), state.desired, state.generation,
                state.settings, limit, state, false));
    }

    /**
     * Waits until no handler runs and every transition is written, both at once, so that nothing can start
     * between this and the run's end or continue-as-new.
     */
    private void settle() {
        Workflow.await(() -> Workflow.isEveryHandlerFinished() && recorder.idle());
        recorder.failIfNotInDatabase();
    }

    /** What acts on the pods, built once the part knows its session and settings. */
    private void buildCollaborators(boolean localPlacement) {
        engines = new PodEngines(state);
        transitions = new PodTransitions(state, engines, recorder);
        PodPlanner podPlanner = new PodPlanner(state.settings);
        placement = new PodPlacement(state, transitions, localPlacement);
        restarts = new PodRestarts(state, engines, transitions, podPlanner);
        replicas = new PodReplicas(state, engines, placement, transitions);
        pods = new PodConvergence(state, engines, transitions, podPlanner, placement, restarts);
        progress = new ProgressDeadline(state);
        rollUp = new PartRollUp(state, partPlanner, recorder, new SessionReport(state), progress);
    }

    /**
     * Sleeps until something asks for a pass: a new generation, an event, drift, a probe, an operator,
     * or the next due restart, job deadline, placement retry or the part's progress deadline.
     *
     * @return whether the pass is a whole one; not when only the deaths of pods' current containers asked
     */
    private boolean awaitWork(long passGeneration) {
        Supplier<Boolean> asked = () -> state.generation != passGeneration || state.wake || !state.died.isEmpty()
                || recorder.notInDatabase();
        Long due = nextDue();
        if (due == null) {
            Workflow.await(asked);
        } else if (due > Workflow.currentTimeMillis()) {
            Workflow.await(Duration.ofMillis(due - Workflow.currentTimeMillis()), asked);
        }
        recorder.failIfNotInDatabase();
        boolean whole = state.wake || state.generation != passGeneration || state.died.isEmpty();
        state.wake = false;
        return whole;
    }

    /** The pass for pods whose current container died: each inspected alone, no listing. */
    private void convergeDied() {
        long startedAt = Workflow.currentTimeMillis();
        List<String> died = List.copyOf(state.died);
        state.died.clear();
        awaitPass(Promise.allOf(died.stream().map(pod -> Async.procedure(() -> pods.died(state.podSpecs.get(pod)))).toList()));
        countPass(startedAt);
    }

    /** The earliest moment something of a pod, or the part's progress deadline, is due; {@code null} when nothing is. */
    private Long nextDue() {
        long now = Workflow.currentTimeMillis();
        Long due = progress.dueAt(now);
        for (PodRuntime rt : state.runtimes.values()) {
            Long at = rt.nextDue(now);
            if (at != null && (due == null || at < due)) {
                due = at;
            }
        }
        return due;
    }

    /**
     * One pass over the pods: the containers of every host they are on, listed once; the operators'
     * actions; then each pod converged in parallel, and containers of no pod of the part removed.
     */
    private void reconcile() {
        long startedAt = Workflow.currentTimeMillis();
        // A whole pass sees every pod, the dead ones too.
        state.died.clear();
        boolean scaled = replicas.scaled();
        if (scaled) {
            replicas.addNew();
        }
        if (state.desired == DesiredStatus.RUNNING) {
            placement.placeUnplaced(state.podSpecs.values().stream()
                    .filter(pod -> !state.runtimes.get(pod.name()).finishedIn(state.generation)).toList());
        }
        // Before the listing: a restart stops a READY pod's container, the listing sees it stopped, and this
        // pass starts it again instead of the next pass taking the stop for a crash.
        restarts.applyOperatorActions();
        Map<String, List<ContainerState>> observed = nothingCreatedYet ? engines.noneYet() : engines.observe();
        nothingCreatedYet = false;
        List<Promise<Void>> work = new ArrayList<>();
        if (scaled) {
            work.add(Async.procedure(() -> replicas.removeDropped(observed)));
        }
        pods.newPass();
        String mover = partPlanner.nextToMoveOffDrainingHost(state.desired, moveCandidates(), Workflow.currentTimeMillis());
        for (PodSpec pod : state.podSpecs.values()) {
            String host = state.runtimes.get(pod.name()).host();
            if (host != null && !observed.containsKey(host) && !state.leaving(host)) {
                // Its host did not answer: nothing is known of the pod this pass.
                transitions.unknown(pod, "listing its containers failed: " + engines.whyUnanswered(host));
                continue;
            }
            List<ContainerState> mine = observed.getOrDefault(host, List.of()).stream()
                    .filter(c -> pod.name().equals(c.label(StewardLabels.POD)))
                    .toList();
            work.add(Async.procedure(() -> pods.converge(pod, mine, pod.name().equals(mover))));
        }
        observed.forEach((host, containers) -> containers.stream()
                .filter(c -> !state.pods.containsKey(String.valueOf(c.label(StewardLabels.POD))))
                .collect(Collectors.groupingBy(c -> String.valueOf(c.label(StewardLabels.POD)), LinkedHashMap::new,
                        Collectors.toList()))
                .forEach((pod, strays) -> work.add(Async.procedure(
                        () -> strays.forEach(stray -> engines.stopAndRemoveQuietly(host, stray))))));
        awaitPass(Promise.allOf(work));
        countPass(startedAt);
    }

    private void awaitPass(Promise<Void> work) {
        if (passInOneWrite) {
            recorder.awaitPass(work);
        } else {
            work.get();
        }
    }

    /** Counts the pass and its length in workflow time; the workflow's metrics scope reports nothing on replay. */
    private void countPass(long startedAt) {
        state.passes++;
        Scope metrics = Workflow.getMetricsScope();
        metrics.counter(MetricNames.RECONCILE_PASSES).inc(1);
        metrics.timer(MetricNames.RECONCILE_PASS)
                .record(com.uber.m3.util.Duration.ofMillis(Workflow.currentTimeMillis() - startedAt));
    }

    /** The part's pods in spec order, as the choice of which one moves off a draining host sees them. */
    private List<MoveCandidate> moveCandidates() {
        return state.podSpecs.values().stream().map(pod -> {
            PodRuntime rt = state.runtimes.get(pod.name());
            HostNotice notice = state.noticeOf(rt);
            return new MoveCandidate(pod.name(), pod.isJob(), notice == null ? null : notice.status(), rt.placeRetryAt());
        }).toList();
    }
}
