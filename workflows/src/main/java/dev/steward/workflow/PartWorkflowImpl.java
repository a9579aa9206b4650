package dev.steward.workflow;

import dev.steward.activity.ContainerActivities;
import dev.steward.activity.ContainerNames;
import dev.steward.activity.ContainerRequest;
import dev.steward.activity.ContainerState;
import dev.steward.activity.RecordingActivities;
import dev.steward.activity.StewardLabels;
import dev.steward.model.DesiredStatus;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.Rollup;
import dev.steward.model.SpecHash;
import dev.steward.model.StatusRollup;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.SignalExternalWorkflowException;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.slf4j.Logger;

/**
 * Observe, plan, act, record: each pass lists the part's containers once, plans every pod with
 * {@link PodReconciler}, acts on the plans in parallel and reports the result to the session.
 */
public class PartWorkflowImpl implements PartWorkflow {

    /** The one engine Steward talks to until hosts and placement exist. */
    static final String LOCAL_HOST = "local";

    private static final Logger log = Workflow.getLogger(PartWorkflowImpl.class);

    private final ContainerActivities containers =
            Workflow.newActivityStub(ContainerActivities.class, ActivityDefaults.withTimeout(Duration.ofMinutes(1)));
    private final RecordingActivities recording =
            Workflow.newActivityStub(RecordingActivities.class, ActivityDefaults.withTimeout(Duration.ofSeconds(30)));

    private UUID sessionId;
    private String name;
    private List<PodSpec> podSpecs;
    private String maxUnhealthy;
    private ReconcileSettings settings;
    private TransitionRecorder recorder;

    private DesiredStatus desired;
    private long generation;
    private PartStatus status = PartStatus.PENDING;
    private String reason = "NotReconciled";
    private String message = "the part has not been reconciled yet";
    private long observedGeneration;
    private final Map<String, PodView> pods = new LinkedHashMap<>();
    /** Pods that failed, with the generation they failed in: they are not retried until it changes. */
    private final Map<String, Long> failedInGeneration = new HashMap<>();
    private PartReport lastReport;
    /** How often each pod was created or started; reported with a failure. */
    private final Map<String, Integer> attempts = new HashMap<>();
    private boolean resyncRequested;

    @Override
    public PartStatus run(PartInput input) {
        sessionId = input.sessionId();
        name = input.spec().name();
        podSpecs = input.spec().pods();
        maxUnhealthy = input.spec().maxUnhealthy();
        settings = input.settings();
        desired = input.desired();
        generation = input.generation();
        recorder = new TransitionRecorder(recording, sessionId);
        for (PodSpec pod : podSpecs) {
            pods.put(pod.name(), new PodView(pod.name(), PodStatus.PENDING, "NotReconciled", null, null, null));
        }
        try {
            while (true) {
                long passGeneration = generation;
                resyncRequested = false;
                reconcile();
                rollUp(passGeneration);
                if (status == PartStatus.DELETED) {
                    return status;
                }
                Workflow.await(settings.resyncInterval(), () -> generation != passGeneration || resyncRequested);
            }
        } catch (CanceledFailure canceled) {
            // The session went away without deleting us: remove what we own, whatever it takes.
            Workflow.newDetachedCancellationScope(() -> {
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
    public void resync() {
        resyncRequested = true;
    }

    @Override
    public PartView view() {
        return new PartView(name, status, reason, message, List.copyOf(pods.values()));
    }

    private void reconcile() {
        List<ContainerState> observed;
        try {
            observed = containers.listContainers(StewardLabels.forPart(sessionId, name));
        } catch (ActivityFailure failure) {
            // Nothing is known this pass; the next resync tries again.
            log.warn("part {}: listing containers failed: {}", name, rootMessage(failure));
            return;
        }
        Map<String, List<ContainerState>> byPod = observed.stream()
                .collect(Collectors.groupingBy(c -> String.valueOf(c.label(StewardLabels.POD)), LinkedHashMap::new,
                        Collectors.toList()));
        List<Promise<Void>> work = new ArrayList<>();
        for (PodSpec pod : podSpecs) {
            List<ContainerState> mine = byPod.getOrDefault(pod.name(), List.of());
            work.add(Async.procedure(() -> reconcilePod(pod, mine)));
        }
        Set<String> known = pods.keySet();
        byPod.forEach((podName, strays) -> {
            if (!known.contains(podName)) {
                work.add(Async.procedure(() -> strays.forEach(this::stopAndRemoveQuietly)));
            }
        });
        Promise.allOf(work).get();
    }

    private void reconcilePod(PodSpec pod, List<ContainerState> observed) {
        if (desired == DesiredStatus.RUNNING && failedInGeneration.getOrDefault(pod.name(), -1L) == generation) {
            return;
        }
        String specHash = SpecHash.of(pod);
        PodPlan plan = PodReconciler.plan(desired, specHash, observed);
        try {
            for (ContainerState old : plan.remove()) {
                if (desired != DesiredStatus.RUNNING) {
                    update(pod, PodStatus.STOPPING, "Desired" + titleCase(desired), "removing container " + old.name(),
                            old.id());
                }
                stopAndRemove(old);
            }
            if (plan.step() != PodPlan.Step.NONE) {
                attempts.merge(pod.name(), 1, Integer::sum);
            }
            switch (plan.step()) {
                case CREATE -> {
                    String containerName = ContainerNames.of(sessionId, name, pod.name(), specHash);
                    update(pod, PodStatus.CREATING, "Creating", "creating container " + containerName, null);
                    ContainerState created = containers.ensureContainer(request(pod, specHash, containerName));
                    start(pod, created, "Created", "starting new container");
                }
                case START -> start(pod, plan.current(), "NotRunning", "starting stopped container");
                case NONE -> {
                    if (desired == DesiredStatus.RUNNING) {
                        update(pod, PodStatus.READY, "Running", "the container runs", plan.current().id());
                    } else {
                        PodStatus gone = desired == DesiredStatus.STOPPED ? PodStatus.STOPPED : PodStatus.REMOVED;
                        update(pod, gone, "NoContainer", "no container of the pod exists", null);
                    }
                }
            }
        } catch (ActivityFailure failure) {
            failedInGeneration.put(pod.name(), generation);
            update(pod, PodStatus.FAILED, failureReason(failure), rootMessage(failure), pods.get(pod.name()).containerId());
        }
    }

    private void start(PodSpec pod, ContainerState container, String why, String what) {
        update(pod, PodStatus.STARTING, why, what, container.id());
        ContainerState started = containers.startContainer(container.id());
        if (started.running()) {
            update(pod, PodStatus.READY, "Started", "the container runs", started.id());
        } else {
            failedInGeneration.put(pod.name(), generation);
            update(pod, PodStatus.FAILED, "ExitedOnStart",
                    "the container exited at once with code " + started.exitCode(), started.id());
        }
    }

    private ContainerRequest request(PodSpec pod, String specHash, String containerName) {
        return new ContainerRequest(containerName, pod.image(), pod.command(), pod.env(), pod.ports(),
                StewardLabels.forPod(sessionId, name, pod.name(), generation, specHash));
    }

    private void stopAndRemove(ContainerState container) {
        containers.stopContainer(container.id(), (int) settings.stopGrace().toSeconds());
        containers.removeContainer(container.id());
    }

    private void stopAndRemoveQuietly(ContainerState container) {
        try {
            stopAndRemove(container);
        } catch (ActivityFailure failure) {
            log.warn("part {}: removing stray container {} failed: {}", name, container.name(), rootMessage(failure));
        }
    }

    /** Records a pod's change and applies it; a change that changes nothing records nothing. */
    private void update(PodSpec pod, PodStatus to, String why, String what, String containerId) {
        PodView before = pods.get(pod.name());
        if (before.status() == to && Objects.equals(before.containerId(), containerId)) {
            return;
        }
        String host = containerId == null ? null : LOCAL_HOST;
        recorder.pod(name, pod.name(), before.status(), to, why, what, generation, containerId, host);
        pods.put(pod.name(), new PodView(pod.name(), to, why, what, containerId, host));
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

    private static String titleCase(DesiredStatus status) {
        String word = status.name();
        return word.charAt(0) + word.substring(1).toLowerCase();
    }

    private static String failureReason(ActivityFailure failure) {
        if (failure.getCause() instanceof ApplicationFailure app && ContainerActivities.INVALID_SPEC.equals(app.getType())) {
            return "InvalidSpec";
        }
        return "EngineError";
    }

    private static String rootMessage(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause instanceof ApplicationFailure app ? app.getOriginalMessage() : cause.getMessage();
    }
}
