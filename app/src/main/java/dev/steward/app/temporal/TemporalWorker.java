package dev.steward.app.temporal;

import dev.steward.config.TemporalConfig;
import dev.steward.contract.ContainerActivities;
import dev.steward.contract.HostActivities;
import dev.steward.contract.HostSyncActivities;
import dev.steward.contract.PlacementActivities;
import dev.steward.contract.RecordingActivities;
import dev.steward.workflow.host.HostWorkflowImpl;
import dev.steward.workflow.part.PartWorkflowImpl;
import dev.steward.workflow.session.SessionWorkflowImpl;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.temporal.client.WorkflowClient;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs Steward's workflows and activities in this process, unless {@code steward.worker.enabled} is false. */
@Context
@Requires(property = "steward.worker.enabled", notEquals = "false")
public class TemporalWorker {

    private static final Logger log = LoggerFactory.getLogger(TemporalWorker.class);

    private final WorkerFactory factory;

    public TemporalWorker(WorkflowClient client, TemporalConfig config, TemporalInterceptors interceptors,
            ContainerActivities containers, RecordingActivities recording, HostActivities hosts,
            PlacementActivities placement, HostSyncActivities hostSync) {
        factory = WorkerFactory.newInstance(client,
                WorkerFactoryOptions.newBuilder().setWorkerInterceptors(interceptors.worker(null)).build());
        Worker worker = factory.newWorker(config.taskQueue(), WorkerDefaults.options());
        worker.registerWorkflowImplementationTypes(SessionWorkflowImpl.class, PartWorkflowImpl.class,
                HostWorkflowImpl.class);
        worker.registerActivitiesImplementations(containers, recording, hosts, placement, hostSync);
        factory.start();
        log.info("Temporal worker started on task queue {}", config.taskQueue());
    }

    @PreDestroy
    void stop() {
        factory.shutdown();
        factory.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
    }
}
