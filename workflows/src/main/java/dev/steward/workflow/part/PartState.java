package dev.steward.workflow.part;

import dev.steward.contract.ContainerEvent;
import dev.steward.contract.HostNotice;
import dev.steward.model.DesiredStatus;
import dev.steward.model.HostStatus;
import dev.steward.model.PartSpec;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import dev.steward.model.PodSpec;
import dev.steward.model.PodStatus;
import dev.steward.model.PodView;
import dev.steward.model.Reason;
import dev.steward.model.ReconcileSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * All a part workflow knows, in one place: what the session asked for, what the part and each pod
 * were last seen as, and each pod's runtime. The signal handlers and the pass's collaborators read
 * and change it directly, on the workflow's one thread at a time, so nothing is copied between them.
 * A continue-as-new carries it whole into the next run (Temporal's JSON converter writes its fields,
 * in the order they are declared: a field is never renamed, removed or moved).
 */
public final class PartState {

    UUID sessionId;
    String name;
    Map<String, PodSpec> podSpecs;
    /** Pods a new spec no longer has (replicas scaled down) whose containers are still to be removed. */
    final Map<String, PodSpec> dropped = new LinkedHashMap<>();
    String maxUnhealthy;
    ReconcileSettings settings;

    DesiredStatus desired;
    long generation;
    PartStatus status = PartStatus.PENDING;
    String reason = Reason.NOT_RECONCILED.code();
    String message = "the part has not been reconciled yet";
    long observedGeneration;
    final Map<String, PodView> pods = new LinkedHashMap<>();
    final Map<String, PodRuntime> runtimes = new HashMap<>();
    final List<PodAction> pendingActions = new ArrayList<>();
    /** Set by events, resyncs that saw drift, probes and operator actions: the loop runs a pass. */
    boolean wake;
    /**
     * Pods whose current container the engine said died: a pass for them alone inspects each, lists
     * nothing, unless something else asks for a whole pass.
     */
    final Set<String> died = new LinkedHashSet<>();
    /** The CloudEvent that completed the part (its completesOn), in words; null until one arrives. */
    String completedBy;
    /** The session wants the completed part running: it shows COMPLETED, its pods stopped. */
    boolean showsCompleted;
    /** How often each pod was created or started; reported with a failure. */
    final Map<String, Integer> attempts = new HashMap<>();
    /** Hosts of this part's pods that stopped taking pods, as their host workflows told. */
    final Map<String, HostNotice> hostsNotTakingPods = new HashMap<>();
    /** The last report the session took, so a run that continued as new does not send it again. */
    PartReport reported;
    /** The part's own progress deadline, in seconds; {@code null} for the deployment's. */
    Integer progressDeadlineSeconds;
    /** Workflow millis of the part's last progress: a pod's change of status, or a new generation. */
    long progressAt;
    /** The pods' statuses at the last progress. */
    final Map<String, PodStatus> progressSeen = new LinkedHashMap<>();
    /** The generation at the last progress. */
    long progressGeneration;
    /** The reconcile passes the part has run, in every run of its workflow. */
    long passes;

    /** The state of a run that nothing was carried into, and that has not read its input yet. */
    PartState() {}

    /** What the session started the part with. */
    void takeInput(PartInput input) {
        sessionId = input.sessionId();
        name = input.spec().name();
        podSpecs = specsByName(input.spec());
        maxUnhealthy = input.spec().maxUnhealthy();
        progressDeadlineSeconds = input.spec().progressDeadlineSeconds();
        settings = input.settings();
        desired = input.desired();
        generation = input.generation();
    }

    /** Every pod of the spec, not reconciled yet. */
    void addPods() {
        for (PodSpec pod : podSpecs.values()) {
            pods.put(pod.name(), new PodView(pod.name(), PodStatus.PENDING, Reason.NOT_RECONCILED.code(), null, null, null));
            runtimes.put(pod.name(), new PodRuntime());
        }
    }

    PartView view() {
        return new PartView(name, status, reason, message, List.copyOf(pods.values()), passes, null);
    }

    /** The view the session is told of: without the pass count, which changes every pass and would signal it every pass. */
    PartView reportedView() {
        return new PartView(name, status, reason, message, List.copyOf(pods.values()), null, null);
    }

    /** What the pod's host workflow told of it, if it stopped taking pods; {@code null} for none or no host. */
    HostNotice noticeOf(PodRuntime rt) {
        return rt.host() == null ? null : hostsNotTakingPods.get(rt.host());
    }

    /** Whether pods leave {@code host} whether or not it answers: it is lost or disabled. */
    boolean leaving(String host) {
        HostNotice notice = hostsNotTakingPods.get(host);
        return notice != null && notice.status() != HostStatus.DRAINING;
    }

    /** The part's pods by name, each replica a pod of its own. */
    static Map<String, PodSpec> specsByName(PartSpec spec) {
        Map<String, PodSpec> byName = new LinkedHashMap<>();
        spec.instances().forEach(pod -> byName.put(pod.name(), pod));
        return byName;
    }

    /** Takes a new spec; the pods it no longer has are dropped, to be removed by the next pass. */
    void takeSpec(PartSpec spec) {
        Map<String, PodSpec> next = specsByName(spec);
        podSpecs.forEach((name, pod) -> {
            if (!next.containsKey(name)) {
                dropped.put(name, pod);
            }
        });
        next.keySet().forEach(dropped::remove);
        podSpecs = next;
        progressDeadlineSeconds = spec.progressDeadlineSeconds();
    }

    /**
     * The death of a pod's current container while the part wants it running on a host that takes pods:
     * a pass for that pod alone, which inspects the container and restarts, completes or fails the pod.
     */
    boolean diedServing(ContainerEvent event) {
        if (!"die".equals(event.action()) || desired != DesiredStatus.RUNNING || event.pod() == null) {
            return false;
        }
        PodView pod = pods.get(event.pod());
        PodRuntime rt = runtimes.get(event.pod());
        return pod != null && event.containerId().equals(pod.containerId()) && rt.host() != null
                && noticeOf(rt) == null && !rt.finishedIn(generation);
    }

    /**
     * The start of a pod's current container while the part wants it running and has it STARTING or
     * READY, or of the pod's container while the part creates it (the event can outrun the create's
     * answer): the part's own start, which asks for no pass of its own (each new pod's start would
     * otherwise cost its part a listing and a pass that finds nothing to do).
     *
     * @param whileCreating whether a start while the pod is CREATING counts ({@code part-fewer-round-trips})
     */
    boolean startedByThePart(ContainerEvent event, boolean whileCreating) {
        if (!"start".equals(event.action()) || desired != DesiredStatus.RUNNING || event.pod() == null) {
            return false;
        }
        PodView pod = pods.get(event.pod());
        if (pod == null) {
            return false;
        }
        return (event.containerId().equals(pod.containerId())
                && (pod.status() == PodStatus.STARTING || pod.status() == PodStatus.READY))
                || (whileCreating && pod.status() == PodStatus.CREATING);
    }
}
