package dev.steward.workflow.part;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerEvent;
import dev.steward.contract.ContainerNames;
import dev.steward.contract.ContainerRequest;
import dev.steward.contract.ContainerState;
import dev.steward.contract.Drift;
import dev.steward.contract.HostNotice;
import dev.steward.contract.HostResync;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.PlacementRequest;
import dev.steward.contract.PlacementResult;
import dev.steward.contract.ProbeRequest;
import dev.steward.contract.ProbeResult;
import dev.steward.contract.RecordingActivities;
import dev.steward.contract.StewardLabels;
import dev.steward.model.DesiredStatus;
import dev.steward.model.ExitInfo;
import dev.steward.model.HostStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.ReadinessCheck;
import dev.steward.model.Reason;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.Rollup;
import dev.steward.model.SpecHash;
import dev.steward.model.StatusRollup;
import dev.steward.workflow.ActivityDefaults;
import dev.steward.workflow.ChangeIds;
import dev.steward.workflow.HostStubs;
import dev.steward.workflow.TransitionRecorder;
import dev.steward.workflow.session.SessionWorkflow;
import io.temporal.activity.ActivityOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Promise;
import io.temporal.workflow.SignalExternalWorkflowException;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;

/**
 * Observe, plan, act, record: each pass lists the part's containers once, plans every pod with
 * {@link PodReconciler}, acts on the plans in parallel and reports the result to the session. A pass
 * runs when something asks for one: a new generation, an engine event or a resync that saw drift
 * (both relayed by the host workflow), a readiness change, an operator, or a due restart or deadline.
 */
public class PartWorkflowImpl implements PartWorkflow {

    /** Parts started before placement ran every pod on the service's own engine, shown as this host. */
    static final String LOCAL_HOST = "local";

    private static final Logger log = Workflow.getLogger(PartWorkflowImpl.class);

    /** A probe activity returns unchanged after this long, so none runs forever. */
    private static final Duration PROBE_MAX_WAIT = Duration.ofMinutes(10);
    /** A pod that fits nowhere, or cannot move off a draining host, tries again this often even if nothing wakes it. */
    private static final Duration PLACEMENT_RETRY = Duration.ofSeconds(30);

    private static final ActivityOptions ENGINE_CALLS = ActivityDefaults.withTimeout(Duration.ofMinutes(1));
    /** Probes run until readiness changes. */
    private static final ActivityOptions PROBE_CALLS = ActivityDefaults.heartbeating(PROBE_MAX_WAIT.plusMinutes(1));

    /** The local engine, for parts started before placement. */
    private final ContainerActivities containers = Workflow.newActivityStub(ContainerActivities.class, ENGINE_CALLS);
    private final ContainerActivities probes = Workflow.newActivityStub(ContainerActivities.class, PROBE_CALLS);
    /** Each placed pod's engine, on its host's task queue. */
    private final HostStubs<ContainerActivities> engines = new HostStubs<>(ContainerActivities.class, ENGINE_CALLS);
    private final HostStubs<ContainerActivities> hostProbes = new HostStubs<>(ContainerActivities.class, PROBE_CALLS);
    private final PlacementActivities placement =
            Workflow.newActivityStub(PlacementActivities.class, ActivityDefaults.withTimeout(Duration.ofSeconds(30)));
    private final RecordingActivities recording =
            Workflow.newActivityStub(RecordingActivities.class, ActivityDefaults.withTimeout(Duration.ofSeconds(30)));

    private UUID sessionId;
    private String name;
    private Map<String, PodSpec> podSpecs;
    private String maxUnhealthy;
    private ReconcileSettings settings;
    private TransitionRecorder recorder;
    /** Whether pods are placed on hosts; false for parts started before placement. */
    private boolean placed;

    private DesiredStatus desired;
    private long generation;
    private PartStatus status = PartStatus.PENDING;
    private String reason = Reason.NOT_RECONCILED.code();
    private String message = "the part has not been reconciled yet";
    private long observedGeneration;
    private final Map<String, PodView> pods = new LinkedHashMap<>();
    private final Map<String, PodRuntime> runtimes = new HashMap<>();
    private final List<PodAction> pendingActions = new ArrayList<>();
    /** Set by events, resyncs that saw drift, probes and operator actions: the loop runs a pass. */
    private boolean wake;
    private PartReport lastReport;
    /** How often each pod was created or started; reported with a failure. */
    private final Map<String, Integer> attempts = new HashMap<>();
    /** Hosts of this part's pods that stopped taking pods, as their host workflows told. */
    private final Map<String, HostNotice> hostsNotTakingPods = new HashMap<>();

    @Override
    public PartStatus run(PartInput input) {
        sessionId = input.sessionId();
        name = input.spec().name();
        podSpecs = specsByName(input.spec());
        maxUnhealthy = input.spec().maxUnhealthy();
        settings = input.settings();
        desired = input.desired();
        generation = input.generation();
        recorder = new TransitionRecorder(recording, sessionId);
        placed = Workflow.getVersion(ChangeIds.PART_PLACED_PODS, Workflow.DEFAULT_VERSION, 1) >= 1;
        for (PodSpec pod : podSpecs.values()) {
            pods.put(pod.name(), new PodView(pod.name(), PodStatus.PENDING, Reason.NOT_RECONCILED.code(), null, null, null));
            runtimes.put(pod.name(), new PodRuntime());
        }
        try {
            while (true) {
                long passGeneration = generation;
                reconcile();
                rollUp(passGeneration);
                if (status == PartStatus.DELETED) {
                    return status;
                }
                awaitWork(passGeneration);
            }
        } catch (CanceledFailure canceled) {
            // The session went away without deleting us: remove what we own, whatever it takes.
            Workflow.newDetachedCancellationScope(() -> {
                runtimes.values().forEach(PodRuntime::stopProbe);
                desired = DesiredStatus.DELETED;
                reconcile();
                rollUp(generation);
            }).run();
            throw canceled;
        }
    }

    @Override
    public void setDesiredStatus(DesiredChange change) {
        if (change.generation() > generation) {
            desired = change.desired();
            generation = change.generation();
        }
    }

    @Override
    public void reconcileNow() {
        wake = true;
    }

    @Override
    public void setSpec(PartSpecChange change) {
        // The session may cascade its desired status with the same generation before the spec arrives.
        if (change.generation() >= generation) {
            podSpecs = specsByName(change.spec());
            generation = change.generation();
            wake = true;
        }
    }

    @Override
    public void containerEvent(ContainerEvent event) {
        log.debug("part {}: {} of container {} (pod {})", name, event.action(), event.containerId(), event.pod());
        wake = true;
    }

    @Override
    public void resync(List<ContainerState> observed) {
        if (Drift.between(pods.values(), observed)) {
            wake = true;
        }
    }

    @Override
    public void resyncHost(HostResync resync) {
        List<PodView> there = pods.values().stream()
                .filter(pod -> !placed || resync.host().equals(runtimes.get(pod.name()).host))
                .toList();
        if (Drift.between(there, resync.containers())) {
            wake = true;
        }
    }

    @Override
    public void hostChanged(HostNotice notice) {
        if (notice.status() == HostStatus.READY) {
            hostsNotTakingPods.remove(notice.host());
        } else {
            hostsNotTakingPods.put(notice.host(), notice);
        }
        wake = true;
    }

    @Override
    public void podAction(PodAction action) {
        pendingActions.add(action);
        wake = true;
    }

    @Override
    public PartView view() {
        return new PartView(name, status, reason, message, List.copyOf(pods.values()));
    }

    /**
     * Sleeps until something asks for a pass: a new generation, an event, drift, a probe, an operator,
     * or the next due restart or job deadline.
     */
    private void awaitWork(long passGeneration) {
        Supplier<Boolean> asked = () -> generation != passGeneration || wake;
        if (Workflow.getVersion(ChangeIds.PART_EVENT_DRIVEN, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION) {
            Workflow.await(settings.resyncInterval(), asked);
            return;
        }
        Long due = nextDue();
        if (due == null) {
            Workflow.await(asked);
        } else if (due > Workflow.currentTimeMillis()) {
            Workflow.await(Duration.ofMillis(due - Workflow.currentTimeMillis()), asked);
        }
        wake = false;
    }

    private Long nextDue() {
        long now = Workflow.currentTimeMillis();
        Long due = null;
        for (PodRuntime rt : runtimes.values()) {
            // A placement retry that passed was tried in the pass just run, or its pod no longer waits or moves.
            Long placeRetry = rt.placeRetryAt != null && rt.placeRetryAt > now ? rt.placeRetryAt : null;
            for (Long at : new Long[] {rt.restartAt, rt.deadlineAt, placeRetry}) {
                if (at != null && (due == null || at < due)) {
                    due = at;
                }
            }
        }
        return due;
    }

    private void reconcile() {
        Map<String, List<ContainerState>> observed = observe();
        if (observed == null) {
            return;
        }
        List<Promise<Void>> work = new ArrayList<>();
        applyActions();
        String mover = nextToMoveOffDrainingHost();
        for (PodSpec pod : podSpecs.values()) {
            String host = hostOf(runtimes.get(pod.name()));
            if (host != null && !observed.containsKey(host) && !leaving(host)) {
                continue; // its host did not answer: nothing is known of the pod this pass
            }
            List<ContainerState> mine = observed.getOrDefault(host, List.of()).stream()
                    .filter(c -> pod.name().equals(c.label(StewardLabels.POD)))
                    .toList();
            work.add(Async.procedure(() -> reconcilePod(pod, mine, pod.name().equals(mover))));
        }
        observed.forEach((host, containers) -> containers.stream()
                .filter(c -> !pods.containsKey(String.valueOf(c.label(StewardLabels.POD))))
                .collect(Collectors.groupingBy(c -> String.valueOf(c.label(StewardLabels.POD)), LinkedHashMap::new,
                        Collectors.toList()))
                .forEach((pod, strays) -> work.add(Async.procedure(
                        () -> strays.forEach(stray -> stopAndRemoveQuietly(host, stray))))));
        Promise.allOf(work).get();
    }

    /** Whether pods leave {@code host} whether or not it answers: it is lost or disabled. */
    private boolean leaving(String host) {
        HostNotice notice = hostsNotTakingPods.get(host);
        return notice != null && notice.status() != HostStatus.DRAINING;
    }

    /**
     * The part's containers on every host its pods are on, listed at once; a host that does not
     * answer is left out, and so is a lost one. {@code null} when the local engine of a part started
     * before placement did not answer.
     */
    private Map<String, List<ContainerState>> observe() {
        Map<String, String> labels = StewardLabels.forPart(sessionId, name);
        if (!placed) {
            try {
                return Map.of(LOCAL_HOST, containers.listContainers(labels));
            } catch (ActivityFailure failure) {
                // Nothing is known this pass; the next resync tries again.
                log.warn("part {}: listing containers failed: {}", name, rootMessage(failure));
                return null;
            }
        }
        Map<String, Promise<List<ContainerState>>> listings = new TreeMap<>();
        for (PodRuntime rt : runtimes.values()) {
            HostNotice notice = noticeOf(rt);
            if (rt.host != null && (notice == null || notice.status() != HostStatus.UNREACHABLE)) {
                listings.computeIfAbsent(rt.host, host -> Async.function(engines.on(host)::listContainers, labels));
            }
        }
        Map<String, List<ContainerState>> observed = new HashMap<>();
        listings.forEach((host, listing) -> {
            try {
                observed.put(host, listing.get());
            } catch (ActivityFailure failure) {
                log.warn("part {}: listing containers on host {} failed: {}", name, host, rootMessage(failure));
            }
        });
        return observed;
    }

    private void reconcilePod(PodSpec pod, List<ContainerState> observed, boolean mayMove) {
        PodRuntime rt = runtimes.get(pod.name());
        if (desired == DesiredStatus.RUNNING && rt.finishedInGeneration == generation) {
            return;
        }
        String specHash = SpecHash.of(pod);
        try {
            if (placed && desired == DesiredStatus.RUNNING) {
                observed = leaveHostNotTakingPods(pod, rt, observed, specHash, mayMove);
                if (observed == null || (rt.host == null && !place(pod, rt))) {
                    return;
                }
            }
            PodPlan plan = PodReconciler.plan(desired, specHash, observed);
            ContainerActivities engine = engineOf(rt);
            if (desired != DesiredStatus.RUNNING) {
                rt.stopProbe();
                rt.restartAt = null;
            } else if (rollingReplace(pod, rt, plan, specHash)) {
                return;
            }
            for (ContainerState old : plan.remove()) {
                if (desired != DesiredStatus.RUNNING) {
                    update(pod, PodStatus.STOPPING, (desired == DesiredStatus.STOPPED ? Reason.DESIRED_STOPPED : Reason.DESIRED_DELETED).code(), "removing container " + old.name(),
                            old.id());
                }
                stopAndRemove(engine, old, true);
            }
            if (plan.step() != PodPlan.Step.NONE) {
                attempts.merge(pod.name(), 1, Integer::sum);
            }
            switch (plan.step()) {
                case CREATE -> {
                    ContainerState created = create(pod, specHash);
                    start(pod, created, Reason.CONTAINER_CREATED.code(), "starting new container");
                }
                case START -> {
                    if ("created".equals(plan.current().state())) {
                        start(pod, plan.current(), Reason.NOT_RUNNING.code(), "starting stopped container");
                    } else {
                        exited(pod, rt, plan.current());
                    }
                }
                case NONE -> {
                    if (desired == DesiredStatus.RUNNING) {
                        running(pod, rt, plan.current());
                    } else {
                        PodStatus gone = desired == DesiredStatus.STOPPED ? PodStatus.STOPPED : PodStatus.REMOVED;
                        update(pod, gone, Reason.NO_CONTAINER.code(), "no container of the pod exists", null);
                        releasePlacement(pod, rt);
                    }
                }
            }
        } catch (ActivityFailure failure) {
            rt.finishedInGeneration = generation;
            rt.stopProbe();
            update(pod, PodStatus.FAILED, failureReason(failure), rootMessage(failure), pods.get(pod.name()).containerId());
        }
    }

    /**
     * Places the pod on a host; one that fits nowhere waits PENDING, {@code Unschedulable}, until
     * room appears (a release wakes the part) or the placement retry is due.
     *
     * @return whether the pod has a host now
     */
    private boolean place(PodSpec pod, PodRuntime rt) {
        PlacementResult result = placePod(pod);
        if (!result.placed()) {
            rt.waitingForRoom = true;
            retryPlacementLater(rt);
            if (!Reason.UNSCHEDULABLE.is(pods.get(pod.name()).reason())) {
                record(pod, PodStatus.PENDING, Reason.UNSCHEDULABLE.code(), result.message(), null);
            }
            return false;
        }
        rt.host = result.host();
        rt.waitingForRoom = false;
        rt.placeRetryAt = null;
        return true;
    }

    /**
     * Asks placement for a host. The host it chose took pods when it was chosen, so a notice of it the
     * part heard before asking is stale and is forgotten; one heard while asking is newer and is kept.
     */
    private PlacementResult placePod(PodSpec pod) {
        Map<String, HostNotice> heardBefore = Map.copyOf(hostsNotTakingPods);
        PlacementResult result = placement.place(placementRequest(pod));
        HostNotice heard = result.placed() ? heardBefore.get(result.host()) : null;
        if (heard != null && hostsNotTakingPods.get(result.host()) == heard) {
            hostsNotTakingPods.remove(result.host());
        }
        return result;
    }

    /** The pod has no container left: the room it held on its host, or its wait for room, is given back. */
    private void releasePlacement(PodSpec pod, PodRuntime rt) {
        if (!placed || (rt.host == null && !rt.waitingForRoom)) {
            return;
        }
        placement.release(sessionId, name, pod.name(), null);
        rt.host = null;
        rt.waitingForRoom = false;
        rt.placeRetryAt = null;
    }

    /**
     * The pod's host stopped taking pods. Lost (UNREACHABLE past the grace period): the pod is placed
     * again, and its old container is left to that host's sweep when it returns. DISABLED: its
     * container is stopped and removed, then the pod is placed again. DRAINING: a worker moves while it
     * serves, one pod of the part at a time ({@code mayMove}); the others keep running meanwhile.
     *
     * @return the containers this pass goes on with, or {@code null} when it is done with the pod
     */
    private List<ContainerState> leaveHostNotTakingPods(PodSpec pod, PodRuntime rt, List<ContainerState> observed,
            String specHash, boolean mayMove) {
        HostNotice notice = noticeOf(rt);
        if (notice == null) {
            return observed;
        }
        String reason;
        switch (notice.status()) {
            case DRAINING -> {
                if (pod.isJob() || !mayMove) {
                    return observed;
                }
                PodPlan plan = PodReconciler.plan(desired, specHash, observed);
                if (plan.current() != null && plan.current().running()
                        && pods.get(pod.name()).status() == PodStatus.READY) {
                    moveWhileServing(pod, rt, plan.current(), specHash);
                    return null;
                }
                // Not serving: nothing to keep up while it moves.
                observed.forEach(container -> stopAndRemove(engineOf(rt), container, true));
                reason = Reason.HOST_DRAINING.code();
            }
            case DISABLED -> {
                for (ContainerState container : observed) {
                    update(pod, PodStatus.STOPPING, Reason.HOST_DISABLED.code(), notice.message(), container.id());
                    stopAndRemove(engineOf(rt), container, true);
                }
                reason = Reason.HOST_DISABLED.code();
            }
            default -> reason = Reason.HOST_LOST.code();
        }
        placement.release(sessionId, name, pod.name(), rt.host);
        rt.stopProbe();
        rt.host = null;
        record(pod, PodStatus.PENDING, reason, notice.message() + "; placing the pod on another host", null);
        return List.of();
    }

    /**
     * Moves a READY pod off its draining host: the new container starts on another host and the old
     * one is removed only once the new one is ready, so the pod never stops serving. When no host has
     * room, or the new container is not ready within the rollout deadline, the pod stays and tries again.
     */
    private void moveWhileServing(PodSpec pod, PodRuntime rt, ContainerState serving, String specHash) {
        String from = rt.host;
        PlacementResult target = placePod(pod);
        if (!target.placed()) {
            retryPlacementLater(rt);
            log.info("part {}: pod {} stays on draining host {}: {}", name, pod.name(), from, target.message());
            return;
        }
        String to = target.host();
        ContainerState next;
        String notReady = "was not ready within the rollout deadline of " + settings.rolloutDeadline().toSeconds() + " s";
        try {
            next = startReadyBeside(pod, specHash, to);
        } catch (ActivityFailure failure) {
            // What it may have left on the target holds no placement there: that host's sweep removes it.
            next = null;
            notReady = "could not be started: " + rootMessage(failure);
        }
        if (next == null) {
            placement.release(sessionId, name, pod.name(), to);
            retryPlacementLater(rt);
            record(pod, PodStatus.READY, Reason.MOVE_FAILED.code(), "the new container on " + to + " " + notReady
                    + "; the pod keeps running on " + from + " and tries again", serving.id());
            return;
        }
        // Released either way: an old container that could not be removed now is stale there, and swept.
        stopAndRemoveQuietly(from, serving);
        placement.release(sessionId, name, pod.name(), from);
        rt.host = to;
        rt.placeRetryAt = null;
        rt.stopProbe();
        rt.ready = true;
        rt.startedAt = Workflow.currentTimeMillis();
        record(pod, PodStatus.READY, Reason.MOVED_OFF_DRAINING_HOST.code(), "moved from " + from + " (draining) to " + to
                + "; the new container was ready before the old one was removed", next.id());
        if (pod.readiness() != null) {
            // It passed its check already: the probe watches for it to fail, not to pass again.
            watchReadiness(pod, rt, next.id(), pod.readiness());
        }
        // The next pod of the part moves in the next pass.
        wake = true;
    }

    /** What the pod's host workflow told of it, if it stopped taking pods; {@code null} for none or no host. */
    private HostNotice noticeOf(PodRuntime rt) {
        return rt.host == null ? null : hostsNotTakingPods.get(rt.host);
    }

    /** The pod is placed again at the placement retry, unless something wakes the part sooner. */
    private static void retryPlacementLater(PodRuntime rt) {
        rt.placeRetryAt = Workflow.currentTimeMillis() + PLACEMENT_RETRY.toMillis();
    }

    /** The first worker, in spec order, that serves on a draining host: the one pod of the part moving this pass. */
    private String nextToMoveOffDrainingHost() {
        if (!placed || desired != DesiredStatus.RUNNING) {
            return null;
        }
        long now = Workflow.currentTimeMillis();
        for (PodSpec pod : podSpecs.values()) {
            PodRuntime rt = runtimes.get(pod.name());
            HostNotice notice = noticeOf(rt);
            if (notice != null && notice.status() == HostStatus.DRAINING && !pod.isJob()
                    && (rt.placeRetryAt == null || rt.placeRetryAt <= now)) {
                return pod.name();
            }
        }
        return null;
    }

    private ContainerState create(PodSpec pod, String specHash) {
        String containerName = ContainerNames.of(sessionId, name, pod.name(), specHash);
        boolean hadOne = pods.get(pod.name()).containerId() != null;
        PodRuntime rt = runtimes.get(pod.name());
        update(pod, PodStatus.CREATING, hadOne ? Reason.CONTAINER_MISSING.code() : Reason.CREATING.code(),
                (hadOne ? "the pod's container is gone; " : "") + "creating container " + containerName
                        + (placed ? " on host " + rt.host : ""), null);
        return engineOf(rt).ensureContainer(request(pod, specHash, containerName, rt.host));
    }

    private void start(PodSpec pod, ContainerState container, String why, String what) {
        PodRuntime rt = runtimes.get(pod.name());
        update(pod, PodStatus.STARTING, why, what, container.id());
        ContainerState started = engineOf(rt).startContainer(container.id());
        rt.startedAt = Workflow.currentTimeMillis();
        if (pod.isJob() && pod.activeDeadlineSeconds() != null && rt.deadlineAt == null) {
            rt.deadlineAt = rt.startedAt + pod.activeDeadlineSeconds() * 1000L;
        }
        if (started.running()) {
            running(pod, rt, started);
        } else {
            exited(pod, rt, started);
        }
    }

    /** The pod's current container runs: READY unless its readiness check fails or a job's deadline passed. */
    private void running(PodSpec pod, PodRuntime rt, ContainerState container) {
        rt.restartAt = null;
        if (rt.deadlineAt != null && Workflow.currentTimeMillis() >= rt.deadlineAt) {
            stopAndRemove(engineOf(rt), container, false);
            finish(pod, rt, PodStatus.FAILED, Reason.DEADLINE_EXCEEDED.code(), "the job ran longer than its activeDeadlineSeconds "
                    + pod.activeDeadlineSeconds() + " and was stopped", container.id());
            return;
        }
        ReadinessCheck check = pod.isJob() ? null : pod.readiness();
        if (check == null) {
            update(pod, PodStatus.READY, Reason.RUNNING.code(), "the container runs", container.id());
            return;
        }
        probe(pod, rt, container.id(), check);
        if (rt.ready) {
            update(pod, PodStatus.READY, Reason.READINESS_PASSED.code(), rt.probeMessage, container.id());
        } else {
            update(pod, PodStatus.NOT_READY, Reason.READINESS_FAILING.code(),
                    rt.probeMessage == null ? "waiting for the first passing readiness check" : rt.probeMessage,
                    container.id());
        }
    }

    /** Keeps one probe running per current container; it wakes the loop whenever readiness changes. */
    private void probe(PodSpec pod, PodRuntime rt, String containerId, ReadinessCheck check) {
        if (containerId.equals(rt.probedContainer)) {
            return;
        }
        rt.stopProbe();
        watchReadiness(pod, rt, containerId, check);
    }

    /** Starts the probe loop of a container from the readiness the pod has now ({@code rt.ready}). */
    private void watchReadiness(PodSpec pod, PodRuntime rt, String containerId, ReadinessCheck check) {
        rt.probedContainer = containerId;
        rt.probeMessage = null;
        rt.probe = Workflow.newCancellationScope(() -> Async.procedure(() -> {
            while (containerId.equals(rt.probedContainer)) {
                ProbeResult result = probesOn(rt.host).awaitReadinessChange(
                        new ProbeRequest(containerId, check, rt.ready, (int) PROBE_MAX_WAIT.toSeconds()));
                if (result.ready() != rt.ready && containerId.equals(rt.probedContainer)) {
                    rt.ready = result.ready();
                    rt.probeMessage = result.message();
                    wake = true;
                }
            }
        }).exceptionally(failure -> {
            if (!(failure instanceof CanceledFailure)) {
                log.warn("part {}: probe of pod {} failed: {}", name, pod.name(), rootMessage(failure));
            }
            return null;
        }));
        rt.probe.run();
    }

    /** The current container has exited: decide restart, completion or failure (retry table layers 2-3). */
    private void exited(PodSpec pod, PodRuntime rt, ContainerState container) {
        rt.stopProbe();
        long now = Workflow.currentTimeMillis();
        if (rt.restartAt == null) {
            ContainerState detail = engineOf(rt).inspectContainer(container.id());
            ContainerState seen = detail == null ? container : detail;
            ExitInfo exit = RestartDecision.exitOf(seen.exitCode(), seen.oomKilled());
            rt.lastExit = exit;
            long ran = rt.startedAt > 0 ? now - rt.startedAt : 0;
            RestartDecision decision = RestartDecision.after(pod, settings, exit, rt.restarts, rt.exponent, ran, now);
            switch (decision.action()) {
                case COMPLETE -> {
                    finish(pod, rt, PodStatus.COMPLETED, decision.reason(), decision.message(), container.id());
                    return;
                }
                case FAIL -> {
                    finish(pod, rt, PodStatus.FAILED, decision.reason(), decision.message(), container.id());
                    return;
                }
                case RESTART -> {
                    rt.restarts = decision.restarts();
                    rt.exponent = decision.exponent();
                    rt.restartAt = decision.restartAt();
                    update(pod, PodStatus.BACKING_OFF, decision.reason(), decision.message(), container.id());
                    // Even a zero backoff restarts in the next pass, so a container that dies at once cannot spin here.
                    return;
                }
            }
        }
        if (now >= rt.restartAt) {
            rt.restartAt = null;
            start(pod, container, Reason.BACK_OFF_ELAPSED.code(), "restart " + rt.restarts + " of the exited container");
        }
    }

    private void finish(PodSpec pod, PodRuntime rt, PodStatus status, String why, String what, String containerId) {
        rt.finishedInGeneration = generation;
        rt.restartAt = null;
        rt.deadlineAt = null;
        rt.stopProbe();
        update(pod, status, why, what, containerId);
    }

    /**
     * A changed spec of a pod with a readiness check: start the new container beside the old one and
     * remove the old only once the new is READY; past the rollout deadline keep the old and report.
     *
     * @return whether the pass for this pod is done
     */
    private boolean rollingReplace(PodSpec pod, PodRuntime rt, PodPlan plan, String specHash) {
        ContainerState serving = plan.remove().stream().filter(ContainerState::running).findFirst().orElse(null);
        if (pod.isJob() || pod.readiness() == null || plan.step() != PodPlan.Step.CREATE || serving == null) {
            return false;
        }
        if (rt.rolloutFailedInGeneration == generation) {
            // The old container keeps serving until the next spec change.
            running(pod, rt, serving);
            return true;
        }
        ContainerState next = startReadyBeside(pod, specHash, rt.host);
        if (next == null) {
            rt.rolloutFailedInGeneration = generation;
            record(pod, pods.get(pod.name()).status(), Reason.ROLLOUT_FAILED.code(), "the new container did not become ready within"
                    + " the rollout deadline of " + settings.rolloutDeadline().toSeconds()
                    + " s; the old container keeps running", serving.id());
            return true;
        }
        for (ContainerState old : plan.remove()) {
            stopAndRemove(engineOf(rt), old, true);
        }
        rt.stopProbe();
        rt.startedAt = Workflow.currentTimeMillis();
        update(pod, PodStatus.STARTING, Reason.ROLLED_OUT.code(), "the new container is ready; the old one was removed", next.id());
        running(pod, rt, next);
        return true;
    }

    /**
     * Starts the pod's container of {@code specHash} on {@code host} beside the one serving.
     *
     * @return it, once ready (its first readiness check passed, or it runs when it has no check)
     *     within the rollout deadline; {@code null} when it was not, and it was removed again
     */
    private ContainerState startReadyBeside(PodSpec pod, String specHash, String host) {
        ContainerActivities engine = engineOn(host);
        ContainerState next = engine.ensureContainer(
                request(pod, specHash, ContainerNames.of(sessionId, name, pod.name(), specHash), host));
        ContainerState started = engine.startContainer(next.id());
        boolean ready = pod.readiness() == null ? started.running() : awaitFirstReadiness(probesOn(host), pod, next);
        if (!ready) {
            stopAndRemove(engine, next, true);
            return null;
        }
        return next;
    }

    /**
     * Waits up to the rollout deadline for a new container's first passing readiness check; the
     * check is cancelled when it does not pass in time.
     */
    private boolean awaitFirstReadiness(ContainerActivities probeCalls, PodSpec pod, ContainerState next) {
        Duration deadline = settings.rolloutDeadline();
        CancellationScope[] scope = new CancellationScope[1];
        Promise<ProbeResult>[] result = new Promise[1];
        scope[0] = Workflow.newCancellationScope(() -> result[0] = Async.function(probeCalls::awaitReadinessChange,
                new ProbeRequest(next.id(), pod.readiness(), false, (int) Math.max(1, deadline.toSeconds()))));
        scope[0].run();
        Workflow.await(deadline, () -> result[0].isCompleted());
        boolean ready = result[0].isCompleted() && result[0].getFailure() == null && result[0].get().ready();
        if (!ready) {
            scope[0].cancel();
        }
        return ready;
    }

    private void applyActions() {
        long now = Workflow.currentTimeMillis();
        for (PodAction action : pendingActions) {
            PodRuntime rt = runtimes.get(action.pod());
            if (rt == null) {
                continue;
            }
            if (action.action() == PodAction.Kind.RESET_BACKOFF) {
                rt.resetBackoff();
            }
            boolean crashLooped = rt.finishedInGeneration == generation
                    && Reason.CRASH_LOOP_BACK_OFF.is(pods.get(action.pod()).reason());
            if (action.action() == PodAction.Kind.RESTART || crashLooped) {
                rt.finishedInGeneration = -1;
                rt.deadlineAt = null;
            }
            if (rt.restartAt != null) {
                rt.restartAt = action.action() == PodAction.Kind.RESTART ? now
                        : now + RestartDecision.delayMillis(settings, 0);
            }
            if (action.action() == PodAction.Kind.RESTART && pods.get(action.pod()).status() == PodStatus.READY) {
                restartNow(action.pod());
            }
        }
        pendingActions.clear();
    }

    private void restartNow(String pod) {
        String containerId = pods.get(pod).containerId();
        if (containerId != null) {
            runtimes.get(pod).stopProbe();
            engineOf(runtimes.get(pod)).stopContainer(containerId, (int) settings.stopGrace().toSeconds());
            // The stopped container is started again by this pass's START step, as an operator restart.
            runtimes.get(pod).restartAt = Workflow.currentTimeMillis();
        }
    }

    private ContainerRequest request(PodSpec pod, String specHash, String containerName, String host) {
        return new ContainerRequest(containerName, pod.image(), pod.command(), pod.env(), pod.ports(),
                StewardLabels.forPod(sessionId, name, pod.name(), generation, specHash, settings.deployment(),
                        placed ? host : null),
                pod.memoryLimitBytes());
    }

    private PlacementRequest placementRequest(PodSpec pod) {
        return new PlacementRequest(sessionId, name, pod.name(), pod.resources(), pod.hostSelector());
    }

    /** The pod's host: its placement, or the local engine for parts started before placement. */
    private String hostOf(PodRuntime rt) {
        return placed ? rt.host : LOCAL_HOST;
    }

    private ContainerActivities engineOf(PodRuntime rt) {
        return engineOn(rt.host);
    }

    /** The engine calls of {@code host}; a part started before placement has the local engine alone. */
    private ContainerActivities engineOn(String host) {
        return placed ? engines.on(host) : containers;
    }

    private ContainerActivities probesOn(String host) {
        return placed ? hostProbes.on(host) : probes;
    }

    private static Map<String, PodSpec> specsByName(dev.steward.model.PartSpec spec) {
        Map<String, PodSpec> byName = new LinkedHashMap<>();
        spec.pods().forEach(pod -> byName.put(pod.name(), pod));
        return byName;
    }

    /** Stops the container and, when {@code remove}, removes it; a stopped job keeps its container for its logs. */
    private void stopAndRemove(ContainerActivities engine, ContainerState container, boolean remove) {
        engine.stopContainer(container.id(), (int) settings.stopGrace().toSeconds());
        if (remove) {
            engine.removeContainer(container.id());
        }
    }

    private void stopAndRemoveQuietly(String host, ContainerState container) {
        try {
            stopAndRemove(engineOn(host), container, true);
        } catch (ActivityFailure failure) {
            log.warn("part {}: removing container {} failed: {}", name, container.name(), rootMessage(failure));
        }
    }

    /** Records a pod's change and applies it; a change that changes nothing records nothing. */
    private void update(PodSpec pod, PodStatus to, String why, String what, String containerId) {
        PodView before = pods.get(pod.name());
        if (before.status() == to && Objects.equals(before.containerId(), containerId)) {
            return;
        }
        record(pod, to, why, what, containerId);
    }

    private void record(PodSpec pod, PodStatus to, String why, String what, String containerId) {
        PodView before = pods.get(pod.name());
        PodRuntime rt = runtimes.get(pod.name());
        String host = containerId == null ? null : hostOf(rt);
        Instant nextRestartAt = to == PodStatus.BACKING_OFF && rt.restartAt != null ? Instant.ofEpochMilli(rt.restartAt) : null;
        PodView after = new PodView(pod.name(), to, why, what, containerId, host, rt.restarts, rt.lastExit, nextRestartAt);
        recorder.pod(before.status(), name, after, generation);
        pods.put(pod.name(), after);
    }

    /** Decides the part's status from its pods, records a change and reports the new view up. */
    private void rollUp(long passGeneration) {
        Map<String, PodStatus> podStatuses = new LinkedHashMap<>();
        pods.forEach((podName, view) -> podStatuses.put(podName, view.status()));
        Rollup<PartStatus> rollup = StatusRollup.part(desired, podStatuses, maxUnhealthy);
        if (rollup.converged() && passGeneration == generation) {
            observedGeneration = generation;
        }
        if (rollup.status() != status) {
            recorder.part(name, status, rollup.status(), rollup.reason(), rollup.message(), generation);
        }
        status = rollup.status();
        reason = rollup.reason();
        message = rollup.message();
        reportToSession();
    }

    private void reportToSession() {
        PartReport report = new PartReport(view(), observedGeneration, failure());
        String parentId = Workflow.getInfo().getParentWorkflowId().orElse(null);
        if (parentId == null || report.equals(lastReport)) {
            return;
        }
        try {
            Workflow.newExternalWorkflowStub(SessionWorkflow.class, parentId).partChanged(report);
            lastReport = report;
        } catch (SignalExternalWorkflowException gone) {
            // The session has closed; there is nobody left to tell.
            log.info("part {}: session {} is gone, report not sent", name, parentId);
        }
    }

    /** The first failed pod of a failed part, with how often it was tried. */
    private PartFailure failure() {
        if (status != PartStatus.FAILED) {
            return null;
        }
        return pods.values().stream()
                .filter(pod -> pod.status() == PodStatus.FAILED)
                .findFirst()
                .map(pod -> new PartFailure(pod.name(), pod.reason(), pod.message(), attempts.getOrDefault(pod.name(), 0)))
                .orElse(null);
    }


    private static String failureReason(ActivityFailure failure) {
        if (failure.getCause() instanceof ApplicationFailure app && ContainerActivities.INVALID_SPEC.equals(app.getType())) {
            return Reason.INVALID_SPEC.code();
        }
        return Reason.ENGINE_ERROR.code();
    }

    private static String rootMessage(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause instanceof ApplicationFailure app ? app.getOriginalMessage() : cause.getMessage();
    }
}
