package dev.steward.workflow.support;

import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ContainerLimits;
import dev.steward.contract.ContainerRequest;
import dev.steward.contract.ContainerState;
import dev.steward.contract.ImagePullResult;
import dev.steward.contract.LimitsUpdate;
import dev.steward.contract.ProbeRequest;
import dev.steward.contract.ProbeResult;
import dev.steward.contract.StewardLabels;
import io.temporal.activity.Activity;
import io.temporal.failure.ApplicationFailure;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An in-memory container engine with the contract of {@link ContainerActivities}: ensure is
 * idempotent by name, start, stop and remove tolerate what they find, list filters by labels. Tests
 * can make it refuse a pod's spec, make a pod's container exit at once, hold listings to keep a
 * reconcile pass in flight, and change containers behind the workflows' backs. It has every image
 * unless a test says it lacks one; pulls of a lacking image succeed unless its registry refuses it
 * or is unreachable.
 */
public final class FakeContainerActivities implements ContainerActivities {

    private static final java.time.Duration CHECK_TAKES = java.time.Duration.ofMillis(300);

    private final Map<String, ContainerState> byId = new LinkedHashMap<>();
    /** The session volumes its containers mount, as {@code session/volume}. */
    private final Set<String> volumes = ConcurrentHashMap.newKeySet();
    private final Map<String, String> refusedPods = new ConcurrentHashMap<>();
    private final Map<String, Integer> exitingPods = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> ensureCallsByName = new ConcurrentHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger();
    private final Set<String> lackedImages = ConcurrentHashMap.newKeySet();
    private final Map<String, String> refusedImages = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> pullsByImage = new ConcurrentHashMap<>();
    private volatile boolean registryUnreachable;
    /** The limits each container runs with; a start brings back those it was created with, as Podman 4.3 does. */
    private final Map<String, ContainerLimits> limitsInForce = new ConcurrentHashMap<>();
    private final AtomicInteger limitUpdates = new AtomicInteger();
    private volatile boolean noUpdateCall;
    private final Hold heldListings = new Hold("listings");
    private final Hold heldStartAnswers = new Hold("answers of creates");
    private volatile boolean stopsHang;
    private volatile boolean probesFail;
    /** The start-to-close timeout of every stop call, in the order they ran. */
    private final List<java.time.Duration> stopTimeouts = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile boolean away;
    private volatile boolean volumesInUse;
    private final AtomicInteger volumeRemovals = new AtomicInteger();
    private volatile Instant lastRemovalScheduledAt;
    private final String host;
    /** Guarded by {@code this}. */
    private int listings;
    /** The env each container was created with, by container id. */
    private final Map<String, Map<String, String>> envById = new java.util.concurrent.ConcurrentHashMap<>();
    /** Every container created or removed, as {@code create host/pod} or {@code remove host/pod}, in order. */
    private final List<String> journal;

    public FakeContainerActivities() {
        this("local", new java.util.concurrent.CopyOnWriteArrayList<>());
    }

    /** One of several engines, writing to a journal they share, so tests see the order across hosts. */
    public FakeContainerActivities(String host, List<String> journal) {
        this.host = host;
        this.journal = journal;
    }

    // ---- the activities

    @Override
    public List<ContainerState> listContainers(Map<String, String> labels) {
        refuseWhileAway();
        heldListings.await();
        synchronized (this) {
            listings++;
            return byId.values().stream()
                    .filter(c -> c.labels().entrySet().containsAll(labels.entrySet()))
                    .toList();
        }
    }

    @Override
    public synchronized ContainerState ensureContainer(ContainerRequest request) {
        refuseWhileAway();
        ensureCallsByName.computeIfAbsent(request.name(), n -> new AtomicInteger()).incrementAndGet();
        String refusal = refusedPods.get(request.labels().get(StewardLabels.POD));
        if (refusal != null) {
            throw ApplicationFailure.newNonRetryableFailure(refusal, INVALID_SPEC);
        }
        Optional<ContainerState> existing = byName(request.name());
        if (existing.isPresent()) {
            return existing.get();
        }
        if (lackedImages.contains(request.image())) {
            throw ApplicationFailure.newNonRetryableFailure("no such image: " + request.image(), IMAGE_MISSING);
        }
        String id = "c" + nextId.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 8);
        ContainerState created = new ContainerState(id, request.name(), Map.copyOf(request.labels()), false, "created",
                null, false, Instant.now());
        byId.put(id, created);
        envById.put(id, Map.copyOf(request.env()));
        limitsInForce.put(id, new ContainerLimits(request.nanoCpus(), request.memoryBytes()));
        request.mounts().forEach(m -> volumes.add(request.labels().get(StewardLabels.SESSION) + "/" + m.volume()));
        journal.add("create " + host + "/" + request.labels().get(StewardLabels.POD));
        return created;
    }

    @Override
    public ContainerState ensureStarted(ContainerRequest request) {
        ContainerState started = startContainer(ensureContainer(request).id());
        heldStartAnswers.await();
        return started;
    }

    @Override
    public ImagePullResult pullImage(String image) {
        refuseWhileAway();
        pullsByImage.computeIfAbsent(image, i -> new AtomicInteger()).incrementAndGet();
        String refusal = refusedImages.get(image);
        if (refusal != null) {
            throw ApplicationFailure.newNonRetryableFailure(refusal, IMAGE_PULL_REFUSED);
        }
        if (registryUnreachable) {
            throw ApplicationFailure.newFailure("dial tcp: connection refused", IMAGE_PULL_UNAVAILABLE);
        }
        lackedImages.remove(image);
        return new ImagePullResult(image, 1, 1024, 0.1);
    }

    @Override
    public synchronized ContainerState startContainer(String containerId) {
        refuseWhileAway();
        ContainerState container = byId.get(containerId);
        if (container == null) {
            throw ApplicationFailure.newFailure("no such container: " + containerId, "NoSuchContainer");
        }
        Integer exitCode = exitingPods.get(container.label(StewardLabels.POD));
        ContainerState started = exitCode == null
                ? withState(container, true, "running", null)
                : withState(container, false, "exited", exitCode);
        byId.put(containerId, started);
        limitsInForce.put(containerId, ContainerLimits.createdWith(container));
        return started;
    }

    @Override
    public synchronized LimitsUpdate updateLimits(String containerId, ContainerLimits limits) {
        refuseWhileAway();
        if (noUpdateCall) {
            return new LimitsUpdate(LimitsUpdate.Outcome.NOT_SUPPORTED, "404 page not found");
        }
        if (!byId.containsKey(containerId)) {
            return new LimitsUpdate(LimitsUpdate.Outcome.CONTAINER_GONE, "no such container");
        }
        limitUpdates.incrementAndGet();
        limitsInForce.put(containerId, limits);
        return new LimitsUpdate(LimitsUpdate.Outcome.APPLIED, null);
    }

    @Override
    public void stopContainer(String containerId, int graceSeconds) {
        stopTimeouts.add(Activity.getExecutionContext().getInfo().getStartToCloseTimeout());
        refuseWhileAway();
        if (stopsHang) {
            // As a stop the engine never answers: the activity stays open until Temporal times it out.
            Activity.getExecutionContext().doNotCompleteOnReturn();
            return;
        }
        stop(containerId);
    }

    private synchronized void stop(String containerId) {
        ContainerState container = byId.get(containerId);
        if (container != null && container.running()) {
            byId.put(containerId, withState(container, false, "exited", 143));
        }
    }

    @Override
    public synchronized void removeContainer(String containerId) {
        refuseWhileAway();
        ContainerState removed = byId.remove(containerId);
        if (removed != null) {
            journal.add("remove " + host + "/" + removed.label(StewardLabels.POD));
            lastRemovalScheduledAt = Instant.ofEpochMilli(
                    Activity.getExecutionContext().getInfo().getCurrentAttemptScheduledTimestamp());
        }
    }

    @Override
    public synchronized void removeSessionVolumes(UUID sessionId, List<String> names) {
        volumeRemovals.incrementAndGet();
        refuseWhileAway();
        if (volumesInUse) {
            throw ApplicationFailure.newFailure("still used by a container", VOLUME_IN_USE);
        }
        names.forEach(name -> volumes.remove(sessionId + "/" + name));
    }

    @Override
    public synchronized ContainerState inspectContainer(String containerId) {
        refuseWhileAway();
        return byId.get(containerId);
    }

    /**
     * Every check passes: a container not ready yet becomes ready after one check, and a ready one stays
     * ready, so that probe never returns (it ends when the workflow cancels it or it times out).
     */
    @Override
    public ProbeResult awaitReadinessChange(ProbeRequest request) {
        if (probesFail) {
            throw ApplicationFailure.newFailure("the engine's exec API failed", "EngineError");
        }
        if (!request.ready()) {
            try {
                // A first check takes a moment, as a real one does: long enough for a pass to see the pod before it.
                Thread.sleep(CHECK_TAKES.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new ProbeResult(true, "the fake check passed");
        }
        Activity.getExecutionContext().doNotCompleteOnReturn();
        return null;
    }

    // ---- what tests arrange

    /** How many listings the engine answered: each reconcile pass of a part with pods here lists once. */
    public synchronized int listings() {
        return listings;
    }

    /** The container's process ends, as a crash or an OOM kill would end it. */
    public synchronized void exit(String containerId, int exitCode, boolean oomKilled) {
        ContainerState c = byId.get(containerId);
        byId.put(containerId, new ContainerState(c.id(), c.name(), c.labels(), false, "exited", exitCode, oomKilled,
                c.createdAt()));
    }

    /** The engine has no update call: a change of limits takes a new container. */
    public void withoutUpdateCall() {
        noUpdateCall = true;
    }

    /** The limits the container runs with now. */
    public ContainerLimits limitsOf(String containerId) {
        return limitsInForce.get(containerId);
    }

    /** How many updates of limits the engine applied. */
    public int limitUpdates() {
        return limitUpdates.get();
    }

    /** Every later ensure of this pod's container fails non-retryably with this message. */
    public void refuseSpecOf(String pod, String message) {
        refusedPods.put(pod, message);
    }

    /** The engine does not have the image until it is pulled. */
    public void lackImage(String image) {
        lackedImages.add(image);
    }

    /** Every later pull of the image is refused with this message, as a registry without it refuses it. */
    public void refusePullsOf(String image, String message) {
        refusedImages.put(image, message);
    }

    /** Later pulls find the registry unreachable, or, with {@code false}, reach it again. */
    public void registryUnreachable(boolean unreachable) {
        registryUnreachable = unreachable;
    }

    /** Every later start of this pod's container leaves it exited with this code. */
    public void exitAtOnce(String pod, int exitCode) {
        exitingPods.put(pod, exitCode);
    }

    /** Later starts of this pod's container run again. */
    public void stopExiting(String pod) {
        exitingPods.remove(pod);
    }

    /** The engine's API goes away: every call fails (retryably) until {@link #comeBack()}; containers keep running. */
    public void goAway() {
        away = true;
    }

    public void comeBack() {
        away = false;
    }

    /** Every later volume removal fails: a container the engine does not list still uses them. */
    public void keepVolumesInUse() {
        volumesInUse = true;
    }

    /** Every later stop hangs, doing nothing and never answering: a teardown that never ends. */
    public void hangStops() {
        stopsHang = true;
    }

    /** Every later readiness probe fails, or, with {@code false}, checks again. */
    public void failProbes(boolean fail) {
        probesFail = fail;
    }

    /** The start-to-close timeout each stop call had, in the order they ran. */
    public List<java.time.Duration> stopTimeouts() {
        return List.copyOf(stopTimeouts);
    }

    /** Listing blocks until {@link #releaseListings()}: reconcile passes stay in flight. */
    public void holdListings() {
        heldListings.hold();
    }

    /** How many listings wait for {@link #releaseListings()} now: passes held in flight. */
    public int listingsWaiting() {
        return heldListings.waiting();
    }

    public void releaseListings() {
        heldListings.release();
    }

    /**
     * A create-and-start creates and starts its container, then holds its answer until
     * {@link #releaseStartAnswers()}: the engine's events of the start can reach the part first.
     */
    public void holdStartAnswers() {
        heldStartAnswers.hold();
    }

    /** How many creates-and-starts have started their container and hold their answer now. */
    public int startAnswersWaiting() {
        return heldStartAnswers.waiting();
    }

    public void releaseStartAnswers() {
        heldStartAnswers.release();
    }

    /** Removes a container as an operator with the engine's CLI would. */
    public synchronized void deleteBehindTheWorkflowsBack(String containerId) {
        byId.remove(containerId);
    }

    // ---- what tests observe

    /** The env the container was created with. */
    public Map<String, String> envOf(String containerId) {
        return envById.getOrDefault(containerId, Map.of());
    }

    public synchronized List<ContainerState> containers() {
        return new ArrayList<>(byId.values());
    }

    public synchronized List<ContainerState> containersOf(UUID sessionId) {
        return byId.values().stream().filter(c -> sessionId.toString().equals(c.label(StewardLabels.SESSION))).toList();
    }

    public synchronized Optional<ContainerState> containerOf(UUID sessionId, String part, String pod) {
        return byId.values().stream()
                .filter(c -> sessionId.toString().equals(c.label(StewardLabels.SESSION)))
                .filter(c -> part.equals(c.label(StewardLabels.PART)) && pod.equals(c.label(StewardLabels.POD)))
                .findFirst();
    }

    /** Workflow time at which the last removal that removed something was scheduled, or {@code null}. */
    public Instant lastRemovalScheduledAt() {
        return lastRemovalScheduledAt;
    }

    /** The session volumes on this engine, as {@code session/volume}. */
    public Set<String> volumes() {
        return Set.copyOf(volumes);
    }

    /** How often volumes were asked to be removed, failed attempts included. */
    public int volumeRemovals() {
        return volumeRemovals.get();
    }

    public int pulls(String image) {
        AtomicInteger pulls = pullsByImage.get(image);
        return pulls == null ? 0 : pulls.get();
    }

    public int ensureCalls(String containerName) {
        AtomicInteger calls = ensureCallsByName.get(containerName);
        return calls == null ? 0 : calls.get();
    }

    private Optional<ContainerState> byName(String name) {
        return byId.values().stream().filter(c -> c.name().equals(name)).findFirst();
    }

    private void refuseWhileAway() {
        if (away) {
            throw ApplicationFailure.newFailure("connection refused: the engine's API is away", "EngineAway");
        }
    }

    /** Calls that wait, once held, until released: engine calls a test keeps in flight. */
    private static final class Hold {

        private final String what;
        private volatile CountDownLatch held;
        private final AtomicInteger waiting = new AtomicInteger();

        Hold(String what) {
            this.what = what;
        }

        void hold() {
            held = new CountDownLatch(1);
        }

        int waiting() {
            return waiting.get();
        }

        void release() {
            CountDownLatch was = held;
            held = null;
            if (was != null) {
                was.countDown();
            }
        }

        /** Waits while held, at most 30 s. */
        void await() {
            CountDownLatch now = held;
            if (now == null) {
                return;
            }
            waiting.incrementAndGet();
            try {
                if (!now.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException(what + " were held for more than 30 s; did a test forget to release?");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while " + what + " were held", e);
            } finally {
                waiting.decrementAndGet();
            }
        }
    }

    private static ContainerState withState(ContainerState c, boolean running, String state, Integer exitCode) {
        return new ContainerState(c.id(), c.name(), c.labels(), running, state, exitCode, false, c.createdAt());
    }
}
