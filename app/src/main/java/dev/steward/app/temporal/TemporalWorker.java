package dev.steward.app.temporal;

import dev.steward.config.TemporalConfig;
import dev.steward.config.WorkerConfig;
import dev.steward.contract.ContainerActivities;
import dev.steward.contract.EventActivities;
import dev.steward.contract.HostActivities;
import dev.steward.contract.HostSyncActivities;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.RecordingActivities;
import dev.steward.telemetry.FailureEpisodes;
import dev.steward.workflow.host.HostWorkflowImpl;
import dev.steward.workflow.part.PartWorkflowImpl;
import dev.steward.workflow.session.SessionWorkflowImpl;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import io.temporal.client.WorkflowClient;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs Steward's workflows and activities in this process, unless {@code steward.worker.enabled} is
 * false. A worker starts only once Temporal answers for its namespace (registered here if missing):
 * started while Temporal is away, the service runs (not ready) and starts the worker when Temporal answers.
 */
@Context
@Requires(property = "steward.worker.enabled", notEquals = "false")
public class TemporalWorker {

    private static final Logger log = LoggerFactory.getLogger(TemporalWorker.class);

    private final WorkerFactory factory;
    private final BackgroundRetry starting;

    public TemporalWorker(WorkflowClient client, TemporalConfig config, WorkerConfig workerConfig,
            NamespaceRegistration namespace, TemporalInterceptors interceptors,
            ContainerActivities containers, RecordingActivities recording, HostActivities hosts,
            PlacementActivities placement, HostSyncActivities hostSync, EventActivities events,
            @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler) {
        factory = WorkerFactory.newInstance(client, WorkerDefaults.factory(workerConfig, interceptors.worker(null)));
        Worker worker = factory.newWorker(config.taskQueue(), WorkerDefaults.options(workerConfig));
        worker.registerWorkflowImplementationTypes(SessionWorkflowImpl.class, PartWorkflowImpl.class,
                HostWorkflowImpl.class);
        worker.registerActivitiesImplementations(containers, recording, hosts, placement, hostSync, events);
        starting = new BackgroundRetry(scheduler, new FailureEpisodes(log),
                "Temporal worker on task queue " + config.taskQueue() + ": starting", () -> {
                    namespace.ensureNamespace();
                    factory.start();
                    log.info("Temporal worker started on task queue {}", config.taskQueue());
                }, failure -> "Temporal does not answer for namespace " + client.getOptions().getNamespace());
    }

    @EventListener
    void onStartup(StartupEvent event) {
        starting.run();
    }

    @PreDestroy
    void stop() {
        starting.cancel();
        factory.shutdown();
        factory.awaitTermination(10, TimeUnit.SECONDS);
    }
}
