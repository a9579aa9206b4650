package dev.steward.app.temporal;

import dev.steward.activity.EngineActivities;
import dev.steward.config.TemporalConfig;
import dev.steward.config.WorkerConfig;
import dev.steward.contract.ContainerActivities;
import dev.steward.contract.HostQueues;
import dev.steward.contract.HostSyncActivities;
import dev.steward.store.HostRow;
import dev.steward.store.HostStore;
import dev.steward.telemetry.FailureEpisodes;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowServiceException;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker per registered host, on the host's own task queue ({@link HostQueues}), running the
 * container and host sync activities on that host's engine, and one on its watch queue for the long
 * ones (readiness probes, the event relay); and the host's workflow. Each host's workers have a
 * factory of their own, because a started factory takes no new workers. Hosts registered
 * through this process are served at once; {@link #refresh} covers those registered or deleted by
 * another process.
 */
@Singleton
@Requires(property = "steward.worker.enabled", notEquals = "false")
public class HostWorkers {

    private static final Logger LOG = LoggerFactory.getLogger(HostWorkers.class);
    /** How often hosts registered or deleted by another process are picked up. */
    private static final Duration REFRESH_EVERY = Duration.ofSeconds(5);
    private static final String REFRESHING = "refreshing the host workers";

    private final WorkflowClient temporal;
    private final TemporalConfig temporalConfig;
    private final WorkerConfig workerConfig;
    private final NamespaceRegistration namespace;
    private final HostStore store;
    private final EngineActivities engines;
    private final HostWorkflowClient workflows;
    private final TemporalInterceptors interceptors;
    private final FailureEpisodes failures = new FailureEpisodes(LOG);
    /** Guarded by {@code this}. */
    private final Map<String, Served> served = new HashMap<>();
    /** Set when the service stops: a refresh running then starts nothing. Guarded by {@code this}. */
    private boolean stopped;
    private final ScheduledFuture<?> refreshing;

    public HostWorkers(WorkflowClient temporal, TemporalConfig temporalConfig, WorkerConfig workerConfig,
            NamespaceRegistration namespace, HostStore store,
            EngineActivities engines, HostWorkflowClient workflows, TemporalInterceptors interceptors,
            @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler) {
        this.interceptors = interceptors;
        this.temporal = temporal;
        this.temporalConfig = temporalConfig;
        this.workerConfig = workerConfig;
        this.namespace = namespace;
        this.store = store;
        this.engines = engines;
        this.workflows = workflows;
        this.refreshing = scheduler.scheduleWithFixedDelay(REFRESH_EVERY, REFRESH_EVERY, this::refreshLogged);
    }

    /**
     * Serves every host in the hosts table and drops those gone from it. The table is read under
     * the lock {@link #drop} takes, so a refresh never serves again a host dropped after its deletion.
     */
    public synchronized void refresh() {
        if (stopped) {
            return;
        }
        Set<String> registered = store.list().stream().map(HostRow::name).collect(Collectors.toSet());
        List<String> gone = served.keySet().stream().filter(name -> !registered.contains(name)).toList();
        gone.forEach(this::drop);
        registered.forEach(this::serve);
    }

    private void refreshLogged() {
        try {
            refresh();
            failures.succeeded(REFRESHING);
        } catch (RuntimeException e) {
            // A failed refresh must not end the schedule: the next one tries again.
            failures.failed(REFRESHING, "tried again every " + REFRESH_EVERY.toSeconds() + " s", e);
        }
    }

    /** Gives the host its worker, once, and starts its workflow unless that was done. */
    public synchronized void serve(String host) {
        if (stopped) {
            return;
        }
        Served current = served.get(host);
        if (current == null) {
            String starting = "host " + host + ": starting its worker";
            try {
                current = new Served(startWorker(host), false);
                served.put(host, current);
                failures.succeeded(starting);
            } catch (RuntimeException unreachable) {
                // Temporal does not answer for the namespace: the next refresh tries again.
                failures.failed(starting, "the next refresh tries again", unreachable);
                return;
            }
        }
        if (current.workflowStarted()) {
            return;
        }
        String starting = "host " + host + ": starting its workflow";
        try {
            workflows.start(host);
            served.put(host, new Served(current.factory(), true));
            failures.succeeded(starting);
        } catch (WorkflowServiceException unreachable) {
            failures.failed(starting, "the next refresh tries again", unreachable);
        }
    }

    /** Ends the host's workflow and stops its worker: the host is deleted. */
    public synchronized void drop(String host) {
        // First the workflow: were Temporal out of reach, the host stays served and the next refresh tries again.
        workflows.terminate(host);
        Served dropped = served.remove(host);
        if (dropped != null) {
            // Nothing running on a deleted host's engine needs to finish; but its pollers must have
            // stopped before the deletion returns, or a poll in flight could still take a task.
            dropped.factory().shutdownNow();
            dropped.factory().awaitTermination(10, TimeUnit.SECONDS);
            LOG.info("host {}: worker stopped", host);
        }
    }

    private WorkerFactory startWorker(String host) {
        namespace.ensureNamespace();
        String queue = HostQueues.of(temporalConfig.taskQueue(), host);
        WorkerFactory factory = WorkerFactory.newInstance(temporal,
                WorkerFactoryOptions.newBuilder().setWorkerInterceptors(interceptors.worker(host)).build());
        String watchQueue = HostQueues.watchOf(temporalConfig.taskQueue(), host);
        ContainerActivities containers = engines.containers(host);
        HostSyncActivities hostSync = engines.hostSync(host, containers);
        factory.newWorker(queue, WorkerDefaults.options(workerConfig)).registerActivitiesImplementations(containers, hostSync);
        factory.newWorker(watchQueue, WorkerDefaults.watchOptions(workerConfig))
                .registerActivitiesImplementations(containers, hostSync);
        try {
            factory.start();
        } catch (RuntimeException unreachable) {
            factory.shutdownNow();
            throw unreachable;
        }
        LOG.info("host {}: workers started on task queues {} and {}", host, queue, watchQueue);
        return factory;
    }

    @PreDestroy
    synchronized void stop() {
        stopped = true;
        refreshing.cancel(false);
        served.values().forEach(s -> s.factory().shutdown());
        served.values().forEach(s -> s.factory().awaitTermination(10, TimeUnit.SECONDS));
        served.clear();
    }

    /** @param workflowStarted whether the host's workflow was started (or found running) */
    private record Served(WorkerFactory factory, boolean workflowStarted) {}
}
