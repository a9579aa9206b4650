package dev.steward.workflow.support;

import dev.steward.contract.HostQueues;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.DesiredStatus;
import dev.steward.model.LifecycleSettings;
import dev.steward.model.PartSpec;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.SessionSpec;
import dev.steward.workflow.part.PartInput;
import dev.steward.workflow.part.PartWorkflow;
import dev.steward.workflow.part.PartWorkflowImpl;
import dev.steward.workflow.session.SessionInput;
import dev.steward.workflow.session.SessionSearchAttributes;
import dev.steward.workflow.session.SessionWorkflow;
import dev.steward.workflow.session.SessionWorkflowImpl;
import io.temporal.client.WorkflowClient;
import io.temporal.api.enums.v1.WorkflowIdConflictPolicy;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Temporal's time-skipping test server running the workflow types under test, with every activity
 * they call in memory: a {@link FakeContainerActivities} for each host on that host's queue and its watch queue (the first one also
 * on the main queue, as the local engine of runs started before placement), a
 * {@link FakePlacementActivities} over those hosts with unlimited room, an {@link InMemoryRecording}, the
 * {@link InMemoryEvents} kept with each session, and
 * whatever other activities a test adds. Registered on an instance field with
 * {@code @RegisterExtension}, it starts before each test and closes after it; elsewhere
 * {@link #start()} and {@link #close()} do that.
 */
public final class WorkflowSandbox implements BeforeEachCallback, AfterEachCallback, AutoCloseable {

    private static final String TASK_QUEUE = "steward-replay";
    /** The one host of a sandbox that names none. */
    public static final String LOCAL = "local";

    private final Class<?>[] workflowTypes;
    private final List<String> journal = new CopyOnWriteArrayList<>();
    private final Map<String, FakeContainerActivities> engines = new LinkedHashMap<>();
    private final InMemoryRecording recording = new InMemoryRecording();
    private final InMemoryEvents events = new InMemoryEvents();
    private final List<Object> activities = new ArrayList<>();
    private final Map<String, List<Object>> hostActivities = new LinkedHashMap<>();
    /** Hosts placement knows but no worker serves: their queues have no poller. */
    private final java.util.Set<String> unserved = new java.util.HashSet<>();
    private FakePlacementActivities placement;
    private TestWorkflowEnvironment env;

    /** The workflow types under test, on one host, {@link #LOCAL}. */
    public WorkflowSandbox(Class<?>... workflowTypes) {
        this.workflowTypes = workflowTypes;
        onHosts(LOCAL);
    }

    /** Sessions and their parts. */
    public static WorkflowSandbox forSessions() {
        return new WorkflowSandbox(SessionWorkflowImpl.class, PartWorkflowImpl.class);
    }

    // ---- what a test sets up before the sandbox starts

    /** These hosts instead, each with an engine of its own; the engines share one {@link #journal()}. */
    public WorkflowSandbox onHosts(String... hosts) {
        engines.clear();
        for (String host : hosts) {
            engines.put(host, new FakeContainerActivities(host, journal));
        }
        placement = new FakePlacementActivities(hosts);
        return this;
    }

    /** More activities on the main queue. */
    public WorkflowSandbox withActivities(Object... more) {
        activities.addAll(List.of(more));
        return this;
    }

    /** More activities on the queue of one of the sandbox's hosts. */
    public WorkflowSandbox withActivitiesOn(String host, Object... more) {
        if (!engines.containsKey(host)) {
            throw new IllegalArgumentException("not a host of this sandbox: " + host + "; hosts " + engines.keySet());
        }
        hostActivities.computeIfAbsent(host, h -> new ArrayList<>()).addAll(List.of(more));
        return this;
    }

    /** No worker serves this host of the sandbox: placement puts pods on it, and its queue is never polled. */
    public WorkflowSandbox unserved(String host) {
        engine(host);
        unserved.add(host);
        return this;
    }

    // ---- its life

    public WorkflowSandbox start() {
        if (env != null) {
            throw new IllegalStateException("the sandbox has started already");
        }
        env = TestWorkflowEnvironment.newInstance();
        SessionSearchAttributes.ALL.forEach(key -> env.registerSearchAttribute(key.getName(), key.getValueType()));
        Worker worker = env.newWorker(TASK_QUEUE);
        worker.registerWorkflowImplementationTypes(workflowTypes);
        worker.registerActivitiesImplementations(engine(), placement, recording, events);
        worker.registerActivitiesImplementations(activities.toArray());
        engines.forEach((host, engine) -> {
            if (unserved.contains(host)) {
                return;
            }
            Worker hostWorker = env.newWorker(HostQueues.of(TASK_QUEUE, host));
            hostWorker.registerActivitiesImplementations(engine);
            hostWorker.registerActivitiesImplementations(hostActivities.getOrDefault(host, List.of()).toArray());
            Worker watchWorker = env.newWorker(HostQueues.watchOf(TASK_QUEUE, host));
            watchWorker.registerActivitiesImplementations(engine);
            watchWorker.registerActivitiesImplementations(hostActivities.getOrDefault(host, List.of()).toArray());
        });
        env.start();
        return this;
    }

    /** Lets held activities go first, so no workflow is left waiting on one while the server stops. */
    @Override
    public void close() {
        engines.values().forEach(FakeContainerActivities::releaseListings);
        placement.releasePlacements();
        recording.releaseDesiredStatuses();
        if (env != null) {
            env.close();
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        start();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }

    // ---- what tests use

    public TestWorkflowEnvironment env() {
        if (env == null) {
            throw new IllegalStateException("the sandbox has not started");
        }
        return env;
    }

    public WorkflowClient client() {
        return env().getWorkflowClient();
    }

    /** The test server's clock, which skips ahead while every workflow waits. */
    public Instant now() {
        return Instant.ofEpochMilli(env().currentTimeMillis());
    }

    /** The engine of the first host: the only one, unless {@link #onHosts} named several. */
    public FakeContainerActivities engine() {
        return engines.values().iterator().next();
    }

    public FakeContainerActivities engine(String host) {
        FakeContainerActivities engine = engines.get(host);
        if (engine == null) {
            throw new IllegalArgumentException("not a host of this sandbox: " + host + "; hosts " + engines.keySet());
        }
        return engine;
    }

    /** Every container the engines created or removed, as {@code create host/pod} or {@code remove host/pod}, in order. */
    public List<String> journal() {
        return journal;
    }

    public FakePlacementActivities placement() {
        return placement;
    }

    public InMemoryRecording recording() {
        return recording;
    }

    /** The events kept with each session, as PostgreSQL keeps them. */
    public InMemoryEvents events() {
        return events;
    }

    /**
     * Waits until the workflow's current run has written every transition it recorded so far. A part
     * writes its transitions behind its pass: its view shows a pod's new status before the transition
     * to it is recorded, so a test reads the recording only after this.
     */
    public void awaitTransitionsWritten(String workflowId) {
        Eventually.await("the transitions of " + workflowId + " written",
                () -> client().fetchHistory(workflowId).getEvents(), HistoryEvents::transitionsWritten);
    }

    /** A stub to start a workflow of this type on the sandbox's queue under this id. */
    public <T> T newWorkflowStub(Class<T> type, String workflowId) {
        // A start while the id runs fails, as by default; said so, an update may start the workflow too.
        return client().newWorkflowStub(type, WorkflowOptions.newBuilder().setTaskQueue(TASK_QUEUE).setWorkflowId(workflowId)
                .setWorkflowIdConflictPolicy(WorkflowIdConflictPolicy.WORKFLOW_ID_CONFLICT_POLICY_FAIL).build());
    }

    /** Starts a part on its own, with no session above it: RUNNING, at generation 1. */
    public PartWorkflow startPart(UUID sessionId, PartSpec spec, ReconcileSettings settings) {
        PartWorkflow part = newWorkflowStub(PartWorkflow.class, WorkflowIds.part(sessionId, spec.name()));
        WorkflowClient.start(part::run, new PartInput(sessionId, spec, DesiredStatus.RUNNING, 1, settings));
        return part;
    }

    /** Starts a session under a random id. */
    public StartedSession startSession(SessionSpec spec, LifecycleSettings lifecycle) {
        return startSession(UUID.randomUUID(), spec, lifecycle);
    }

    /** Starts a session at generation 1 with the default reconcile settings and the spec's own restart settings. */
    public StartedSession startSession(UUID sessionId, SessionSpec spec, LifecycleSettings lifecycle) {
        SessionWorkflow session = newWorkflowStub(SessionWorkflow.class, WorkflowIds.session(sessionId));
        String firstRunId = WorkflowClient.start(session::run, new SessionInput(sessionId, spec, 1,
                ReconcileSettings.DEFAULTS.with(spec.restart()), lifecycle, null)).getRunId();
        return new StartedSession(sessionId, client(), firstRunId);
    }
}
